import { useEffect, useRef } from 'react';
import { BarController, BarElement, CategoryScale, Chart, LinearScale, Tooltip } from 'chart.js';

// Chart.js, tree-shaken to the bar chart (docs/insights.md): only these parts are bundled.
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);

/** A label may be lines (a queue and its days), so it stays whole at 360 px. */
export type Bar = { label: string | string[]; value: number; color?: string };

const THEME = '#1f6f5c';

/**
 * A horizontal bar chart (labels stay readable at 360 px) drawn on a canvas that screen readers
 * skip: the table next to it holds the same figures. A bar's click (or tap) calls `onOpen` with
 * its index; the table's links do the same by keyboard.
 */
export function BarChart({ bars, label, onOpen }: { bars: Bar[]; label: string; onOpen: (index: number) => void }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const open = useRef(onOpen);
  open.current = onOpen;

  useEffect(() => {
    // The page's own fonts (its Devanagari face among them): Chart.js's default has no Hindi glyphs.
    Chart.defaults.font.family = getComputedStyle(canvas.current!).fontFamily;
    const chart = new Chart(canvas.current!, {
      type: 'bar',
      data: {
        labels: bars.map((b) => b.label),
        datasets: [{ data: bars.map((b) => b.value), backgroundColor: bars.map((b) => b.color ?? THEME), borderRadius: 3 }],
      },
      options: {
        indexAxis: 'y',
        maintainAspectRatio: false,
        animation: false,
        plugins: { tooltip: { enabled: true } },
        scales: { x: { beginAtZero: true, ticks: { precision: 0 } }, y: { ticks: { autoSkip: false } } },
        onHover: (event, elements) => {
          const target = event.native?.target as HTMLElement | undefined;
          if (target) target.style.cursor = elements.length > 0 ? 'pointer' : 'default';
        },
        onClick: (_event, elements) => {
          const hit = elements[0];
          if (hit) open.current(hit.index);
        },
      },
    });
    return () => chart.destroy();
  }, [JSON.stringify(bars)]);

  return (
    <div
      className="insights-chart"
      style={{ height: `${Math.max(120, bars.length * (bars.some((b) => Array.isArray(b.label)) ? 44 : 34) + 40)}px` }}
    >
      <canvas ref={canvas} aria-hidden="true" data-label={label} />
    </div>
  );
}
