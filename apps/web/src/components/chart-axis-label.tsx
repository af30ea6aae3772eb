/**
 * A category axis label of a horizontal bar chart (names on the left), on one line.
 *
 * Recharts wraps a long label into several lines of its own, each an SVG `<tspan>` without the
 * space it broke at: the rows' labels then overlap when they are taller than a bar's row, and
 * the page's text reads "Caspian SoftLLC" (copy, find in page, tests). This label is one line,
 * cut with an ellipsis to the axis width; the chart's tooltip and the table beside it have the
 * whole name.
 */

const FONT_SIZE = 12;
/** room between the label and the bars */
const GAP = 10;

let canvas: CanvasRenderingContext2D | null | undefined;

/** The width of a text in the page's own font, or an estimate where there is no canvas. */
const textWidth = (text: string) => {
  if (canvas === undefined) {
    canvas =
      typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
    if (canvas) {
      const family = getComputedStyle(document.body).fontFamily || 'sans-serif';
      canvas.font = `${FONT_SIZE}px ${family}`;
    }
  }
  return canvas ? canvas.measureText(text).width : text.length * FONT_SIZE * 0.6;
};

/** The longest start of `text` that fits `width`, with an ellipsis when it was cut. */
export const fitText = (text: string, width: number, measure = textWidth): string => {
  if (measure(text) <= width) return text;
  let low = 0;
  let high = text.length;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (measure(`${text.slice(0, middle).trimEnd()}…`) <= width) low = middle;
    else high = middle - 1;
  }
  return `${text.slice(0, low).trimEnd()}…`;
};

type TickProps = { x?: number | string; y?: number | string; payload?: { value?: unknown } };

/**
 * `tick` of a recharts YAxis `axisWidth` wide, e.g.
 * `yAxisProps={{ width: 160, tick: axisLabel(160) }}`.
 */
export const axisLabel = (axisWidth: number) => {
  const Tick = ({ x = 0, y = 0, payload }: TickProps) => {
    const name = String(payload?.value ?? '');
    return (
      <text
        x={Number(x) - GAP}
        y={Number(y)}
        dy="0.355em"
        textAnchor="end"
        fontSize={FONT_SIZE}
        fill="currentColor"
      >
        {fitText(name, axisWidth - GAP)}
      </text>
    );
  };
  return Tick;
};
