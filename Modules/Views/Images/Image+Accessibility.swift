extension Image {
    /// Returns the image with a label for assistive technologies: what it shows, in a few
    /// words.
    ///
    /// A button that shows only an image is read by its image's label, as UIKit reads an image
    /// button; an ``ImageView`` made an accessibility element is read by it too.
    ///
    /// ```swift
    /// let trash = try Image(contentsOfFile: "trash.png").withAccessibilityLabel("Delete")
    /// let button = Button(image: trash, title: nil)
    /// button.accessibilityLabel   // "Delete"
    /// ```
    ///
    /// - Parameter label: The label, or `nil` for none.
    /// - Returns: An image with the same pixels, scale, insets and rendering, and the label.
    public func withAccessibilityLabel(_ label: String?) -> Image {
        Image(
            pixels: pixels, scale: scale, capInsets: capInsets, renderingMode: renderingMode,
            tintColor: tintColor, accessibilityLabel: label)
    }
}
