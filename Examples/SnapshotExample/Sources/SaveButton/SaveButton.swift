import Trellis

/// The app's save button: a disk icon and a title in any of the four directions, on a blue
/// nine-slice background.
@MainActor
public func makeSaveButton(direction: Button.Direction) -> Button {
    let icon = Image(size: Size(width: 16, height: 16), color: .white)
    let button = Button(
        image: icon, title: "Save", font: .system(size: 15), spacing: 8, direction: direction)
    button.setTitleColor(.white, for: .normal)
    button.setBackgroundImage(
        Image(size: Size(width: 31, height: 31), color: Color(red: 0, green: 0.48, blue: 1))
            .resizableImage(withCapInsets: EdgeInsets(all: 15)),
        for: .normal)
    button.contentEdgeInsets = EdgeInsets(top: 8, left: 12, bottom: 8, right: 12)
    button.sizeToFit()
    return button
}
