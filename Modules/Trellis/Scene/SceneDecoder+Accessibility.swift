import TrellisViews

extension SceneDecoder {
    /// The accessibility keys every view accepts.
    static let accessibilityKeys = [
        "accessibilityLabel", "accessibilityHint", "accessibilityValue", "accessibilityTraits",
        "isAccessibilityElement", "accessibilityElementsHidden",
        "shouldGroupAccessibilityChildren", "accessibilityViewIsModal",
    ]

    /// Reads a view's accessibility keys: strings, booleans and `accessibilityTraits`, an
    /// array of trait names (`AccessibilityTraits.named`), which replaces the view's default
    /// traits.
    func decodeAccessibility(_ view: View, _ reader: inout ObjectReader) throws(SceneError) {
        // Most views set none of these: one test answers for the eight lookups.
        guard reader.mayHave(anyOf: SceneDecoder.accessibilityKeyMask) else { return }
        if let label = try reader.string("accessibilityLabel") { view.accessibilityLabel = label }
        if let hint = try reader.string("accessibilityHint") { view.accessibilityHint = hint }
        if let value = try reader.string("accessibilityValue") { view.accessibilityValue = value }
        if let names = try reader.array("accessibilityTraits") {
            let path = reader.child("accessibilityTraits")
            var traits: AccessibilityTraits = []
            for (index, element) in names.enumerated() {
                let name = try SceneValues.string(element, path: "\(path)[\(index)]")
                guard let trait = AccessibilityTraits.trait(named: name) else {
                    let known = AccessibilityTraits.named.map(\.name)
                    var message = "unknown trait \"\(name.escapedForEcho)\""
                    if let suggestion = SceneValues.closest(to: name, in: known) {
                        message += " (did you mean \"\(suggestion)\"?)"
                    }
                    throw SceneError(
                        keyPath: "\(path)[\(index)]",
                        message: message + "; use " + known.joined(separator: ", "))
                }
                traits.insert(trait)
            }
            view.accessibilityTraits = traits
        }
        if let flag = try reader.bool("isAccessibilityElement") {
            view.isAccessibilityElement = flag
        }
        if let flag = try reader.bool("accessibilityElementsHidden") {
            view.accessibilityElementsHidden = flag
        }
        if let flag = try reader.bool("shouldGroupAccessibilityChildren") {
            view.shouldGroupAccessibilityChildren = flag
        }
        if let flag = try reader.bool("accessibilityViewIsModal") {
            view.accessibilityViewIsModal = flag
        }
    }

    /// The key bits of ``accessibilityKeys``.
    static let accessibilityKeyMask = ObjectReader.keyMask(accessibilityKeys)
}
