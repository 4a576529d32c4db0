/// A key path in a scene document, such as `root.children[3].font`, kept as its steps and
/// spelt only when it is shown: in an error message, which a scene that decodes makes none of.
///
/// Spelling a path joins every step's text; a step kept costs one small object, taken only for
/// a path that is handed on (a view's `children`, a label's `font`), not for each element.
struct SceneKeyPath: CustomStringConvertible {
    /// The path a step extends.
    private final class Parent {
        let path: SceneKeyPath
        init(_ path: SceneKeyPath) { self.path = path }
    }

    private let parent: Parent?
    /// The whole text of a path without a parent, or the key of a member.
    private let key: String
    /// The index of an element, or -1 for a member or a whole text.
    private let index: Int

    /// A path spelt out already, such as `root`.
    init(_ text: String) {
        parent = nil
        key = text
        index = -1
    }

    private init(parent: SceneKeyPath, key: String, index: Int) {
        self.parent = Parent(parent)
        self.key = key
        self.index = index
    }

    /// The member `key` of the object at this path.
    func member(_ key: String) -> SceneKeyPath {
        SceneKeyPath(parent: self, key: key, index: -1)
    }

    /// Element `index` of the array at this path.
    func element(_ index: Int) -> SceneKeyPath {
        SceneKeyPath(parent: self, key: "", index: index)
    }

    /// The path spelt out: `root.children[3].font`.
    var description: String {
        guard let parent else { return key }
        return index >= 0 ? "\(parent.path)[\(index)]" : "\(parent.path).\(key)"
    }
}
