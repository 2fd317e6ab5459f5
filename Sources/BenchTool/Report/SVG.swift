import Foundation

/// The pieces of the inline SVG the bench's pages draw: shapes with coordinates written the same way
/// every time.
///
/// Coordinates are written with one decimal (a tenth of a pixel, finer than any screen shows), so two
/// renderings of one file are byte-identical and a change of figure shows in a diff as a moved point.
enum SVG {
    /// A coordinate or length: one decimal, `-0.0` written `0.0`.
    static func number(_ value: Double) -> String {
        let text = String(format: "%.1f", value.isFinite ? value : 0)
        return text == "-0.0" ? "0.0" : text
    }

    /// An `<svg>` of `width` × `height` pixels around `content`, with `label` as its accessible name.
    static func document(width: Double, height: Double, label: String, attributes: [(String, String)] = [], _ content: String) -> String {
        HTML.element(
            "svg",
            [("xmlns", "http://www.w3.org/2000/svg"), ("width", number(width)), ("height", number(height)),
             ("viewBox", "0 0 \(number(width)) \(number(height))"), ("role", "img"), ("aria-label", label)] + attributes,
            content)
    }

    /// A circle at (`x`, `y`), with a hover title.
    static func circle(x: Double, y: Double, radius: Double, className: String, title: String? = nil) -> String {
        element("circle", [("cx", number(x)), ("cy", number(y)), ("r", number(radius)), ("class", className)], title: title)
    }

    /// A line from (`x1`, `y1`) to (`x2`, `y2`).
    static func line(x1: Double, y1: Double, x2: Double, y2: Double, className: String, title: String? = nil) -> String {
        element(
            "line", [("x1", number(x1)), ("y1", number(y1)), ("x2", number(x2)), ("y2", number(y2)), ("class", className)],
            title: title)
    }

    /// A rectangle with its top left corner at (`x`, `y`).
    static func rect(x: Double, y: Double, width: Double, height: Double, className: String, title: String? = nil) -> String {
        element(
            "rect",
            [("x", number(x)), ("y", number(y)), ("width", number(max(width, 0))), ("height", number(max(height, 0))), ("class", className)],
            title: title)
    }

    /// A polyline through `points`; nothing for fewer than two.
    static func polyline(_ points: [(x: Double, y: Double)], className: String) -> String {
        guard points.count > 1 else { return "" }
        return HTML.element("polyline", [("points", points.map { "\(number($0.x)),\(number($0.y))" }.joined(separator: " ")), ("class", className)])
    }

    /// Text at (`x`, `y`), anchored `anchor` (`start`, `middle`, `end`).
    static func text(_ text: String, x: Double, y: Double, anchor: String = "start", className: String = "label") -> String {
        HTML.element("text", [("x", number(x)), ("y", number(y)), ("text-anchor", anchor), ("class", className)], text: text)
    }

    /// An element, with a `<title>` child when given one: the text a browser shows on hover.
    private static func element(_ name: String, _ attributes: [(String, String)], title: String?) -> String {
        HTML.element(name, attributes, title.map { HTML.element("title", text: $0) } ?? "")
    }
}
