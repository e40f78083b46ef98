import Foundation

/// Draws the comparison as an SVG grouped bar chart: one panel per document size, a group of
/// bars per shape, a bar per charted contender, MB per CPU-second on the vertical axis (CPU time
/// is what the targets and ratios are read in: the machine's other load stretches wall time far
/// more).
///
/// Written by hand so the benchmark needs nothing outside the toolchain; plain SVG 1.1 that any
/// browser or image viewer shows.
enum SVGChartWriter {
    private static let width = 980.0
    private static let panelHeight = 300.0
    /// Title, subtitle and the first legend row; each further legend row adds `legendRowHeight`.
    private static let headerHeight = 96.0
    private static let legendRowHeight = 22.0
    private static let plotLeft = 80.0
    private static let plotRight = 24.0
    private static let plotTop = 36.0
    private static let plotBottom = 44.0
    private static let axisColor = "#333333"
    private static let gridColor = "#e3e3e3"
    private static let labelColor = "#444444"
    private static let palette = ["#6b6b6b", "#d9531e", "#1f77b4", "#2ca02c", "#9467bd", "#8c564b", "#e377c2"]

    /// The contenders charted, in this order: the floor, Foundation, and the tiers of XMLEvents.
    static let chartedIDs = [
        ContenderRoster.floorID, ContenderRoster.foundationID, "xmlevents-visit", "xmlevents-scan",
        "xmlevents-materialize", "xmlevents-decode",
    ]

    /// The chart of `rows`, with a panel for each of `sizes` (default: every size of `rows`).
    static func render(_ rows: [ComparisonRow], machine: MachineDescription, sizes: [Int]? = nil) -> String {
        let rows = rows.filter { chartedIDs.contains($0.contender) && sizes?.contains($0.byteCount) ?? true }
        let sizes = Set(rows.map(\.byteCount)).sorted()
        let measured = Set(rows.map(\.contender))
        let contenders = chartedIDs.compactMap { id in
            measured.contains(id) ? ContenderRoster.comparison.first { $0.id == id } : nil
        }
        let legendParts = legend(contenders, y: 72)
        let top = headerHeight + Double(legendParts.rows - 1) * legendRowHeight
        let height = top + Double(sizes.count) * panelHeight
        var svg = [
            #"<svg xmlns="http://www.w3.org/2000/svg" width="\#(number(width))" height="\#(number(height))" "#
                + #"viewBox="0 0 \#(number(width)) \#(number(height))" font-family="Helvetica, Arial, sans-serif">"#,
            #"<rect width="100%" height="100%" fill="white"/>"#,
            text(
                "XMLEvents benchmarks: MB per CPU-second (median over repetitions, higher is better)", x: 20, y: 28,
                size: 18, weight: "bold"),
            text(
                "\(machine.cpuModel), \(machine.logicalCores) cores, libxml2 \(machine.libxml2), "
                    + "Swift \(machine.swift), \(machine.date)",
                x: 20, y: 48, size: 12, fill: "#555"),
        ]
        svg.append(contentsOf: legendParts.elements)
        for (index, size) in sizes.enumerated() {
            let panelRows = rows.filter { $0.byteCount == size }
            svg.append(
                contentsOf: panel(
                    panelRows, contenders: contenders, size: size, top: top + Double(index) * panelHeight))
        }
        svg.append("</svg>")
        return svg.joined(separator: "\n") + "\n"
    }

    /// The legend's swatches and labels, wrapped onto as many rows as the width needs.
    private static func legend(_ contenders: [any Contender], y firstRowY: Double) -> (elements: [String], rows: Int) {
        var x = 20.0
        var y = firstRowY
        var rows = 1
        var parts: [String] = []
        for (index, contender) in contenders.enumerated() {
            // 7.5 px per character at 13 px is a safe advance for Helvetica.
            let itemWidth = 20 + Double(contender.title.count) * 7.5 + 24
            if x > 20, x + itemWidth > width - 20 {
                x = 20
                y += legendRowHeight
                rows += 1
            }
            parts.append(
                #"<rect x="\#(number(x))" y="\#(number(y - 11))" width="14" height="14" fill="\#(color(index))"/>"#)
            parts.append(text(contender.title, x: x + 20, y: y, size: 13))
            x += itemWidth
        }
        return (parts, rows)
    }

    private static func panel(_ rows: [ComparisonRow], contenders: [any Contender], size: Int, top: Double) -> [String]
    {
        let shapes = Set(rows.map(\.shape)).sorted { ResultSummary.shapeOrder($0) < ResultSummary.shapeOrder($1) }
        let left = plotLeft
        let right = width - plotRight
        let plotTopY = top + plotTop
        let baseY = top + panelHeight - plotBottom
        let scale = axisScale(maximum: rows.map(\.megabytesPerCPUSecond).max() ?? 1)
        func y(_ value: Double) -> Double { baseY - (baseY - plotTopY) * value / scale.maximum }

        var parts = [text("Documents of \(ByteFormat.size(size))", x: left, y: top + 22, size: 14, weight: "bold")]
        var tick = 0.0
        while tick <= scale.maximum + scale.step / 2 {
            let tickY = y(tick)
            parts.append(
                #"<line x1="\#(number(left))" y1="\#(number(tickY))" x2="\#(number(right))" y2="\#(number(tickY))" "#
                    + #"stroke="\#(tick == 0 ? axisColor : gridColor)" stroke-width="1"/>"#)
            parts.append(text(label(tick), x: left - 8, y: tickY + 4, size: 11, anchor: "end", fill: "#444"))
            tick += scale.step
        }
        parts.append(
            #"<line x1="\#(number(left))" y1="\#(number(plotTopY))" x2="\#(number(left))" "#
                + #"y2="\#(number(baseY))" stroke="\#(axisColor)"/>"#)
        let axisLabelY = (plotTopY + baseY) / 2
        let labelX = number(left - 52)
        parts.append(
            #"<text x="\#(labelX)" y="\#(number(axisLabelY))" font-size="12" text-anchor="middle" "#
                + #"fill="\#(labelColor)" transform="rotate(-90 \#(labelX) \#(number(axisLabelY)))">"#
                + "MB per CPU-second</text>")

        let groupWidth = (right - left) / Double(Swift.max(shapes.count, 1))
        let barWidth = Swift.min(48, groupWidth * 0.8 / Double(Swift.max(contenders.count, 1)))
        for (groupIndex, shape) in shapes.enumerated() {
            let groupCenter = left + groupWidth * (Double(groupIndex) + 0.5)
            let barsLeft = groupCenter - barWidth * Double(contenders.count) / 2
            for (barIndex, contender) in contenders.enumerated() {
                guard let row = rows.first(where: { $0.shape == shape && $0.contender == contender.id }) else {
                    continue
                }
                let x = barsLeft + barWidth * Double(barIndex)
                let top = y(row.megabytesPerCPUSecond)
                let tooltip =
                    "\(contender.title), \(shape): \(String(format: "%.1f", row.megabytesPerCPUSecond)) MB per CPU-second"
                parts.append(
                    #"<rect x="\#(number(x + 1))" y="\#(number(top))" width="\#(number(barWidth - 2))" "#
                        + #"height="\#(number(baseY - top))" fill="\#(color(barIndex))">"#
                        + "<title>\(escape(tooltip))</title></rect>")
                parts.append(
                    text(
                        label(row.megabytesPerCPUSecond), x: x + barWidth / 2, y: top - 4, size: 10, anchor: "middle",
                        fill: "#333"))
            }
            parts.append(text(shape, x: groupCenter, y: baseY + 20, size: 13, anchor: "middle", weight: "bold"))
        }
        return parts
    }

    /// A round step (1, 2 or 5 × 10^k) giving four to eight ticks, and the axis top it reaches.
    private static func axisScale(maximum: Double) -> (maximum: Double, step: Double) {
        let target = Swift.max(maximum, 1e-9) * 1.08
        let magnitude = pow(10, floor(log10(target / 5)))
        let step = [1.0, 2.0, 5.0, 10.0].map { $0 * magnitude }.first { target / $0 <= 8 } ?? 10 * magnitude
        return (ceil(target / step) * step, step)
    }

    private static func label(_ value: Double) -> String {
        value >= 100 || value == value.rounded() ? String(format: "%.0f", value) : String(format: "%.1f", value)
    }

    private static func color(_ index: Int) -> String {
        palette[index % palette.count]
    }

    private static func text(
        _ content: String,
        x: Double,
        y: Double,
        size: Double,
        anchor: String = "start",
        weight: String = "normal",
        fill: String = "#111"
    ) -> String {
        #"<text x="\#(number(x))" y="\#(number(y))" font-size="\#(number(size))" text-anchor="\#(anchor)" "#
            + #"font-weight="\#(weight)" fill="\#(fill)">\#(escape(content))</text>"#
    }

    private static func number(_ value: Double) -> String {
        String(format: "%.1f", value)
    }

    private static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;")
            .replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
            .replacingOccurrences(of: "\"", with: "&quot;")
    }
}
