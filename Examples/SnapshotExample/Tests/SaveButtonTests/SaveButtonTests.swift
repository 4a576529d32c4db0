import SaveButton
import Testing
import Trellis
import TrellisTesting

@MainActor
@Suite struct SaveButtonTests {
    @Test(arguments: Button.Direction.allCases)
    func saveButton(direction: Button.Direction) throws {
        let button = makeSaveButton(direction: direction)
        try expectSnapshot(of: button, as: .text, named: "save-\(direction.rawValue)")
        try expectSnapshot(
            of: button, as: .png(scale: 2, layout: .sizeThatFits),
            named: "save-\(direction.rawValue)")
    }
}
