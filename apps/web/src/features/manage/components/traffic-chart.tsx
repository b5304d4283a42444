import { useEffect, useRef } from 'react';
import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip } from 'chart.js';

// Only the pieces a bar chart needs, so the chart library's chunk stays small; it is loaded with
// this page alone (the route is lazy), never with the pass page.
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Legend, Tooltip);

interface Props {
  /** What the chart shows, read out by screen readers (the numbers are also in the table below it). */
  label: string;
  labels: string[];
  entries: number[];
  exits: number[];
}

const ENTRY = '#15803d';
const EXIT = '#1d4ed8';

/** Entries and exits side by side per hour or per day. */
export function TrafficChart({ label, labels, entries, exits }: Props) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const chart = new Chart(canvas.current!, {
      type: 'bar',
      data: {
        labels,
        datasets: [
          { label: '进入', data: entries, backgroundColor: ENTRY },
          { label: '离开', data: exits, backgroundColor: EXIT },
        ],
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        plugins: { legend: { labels: { font: { size: 14 }, color: '#1f2937' } } },
        scales: {
          x: { ticks: { font: { size: 12 }, color: '#374151', maxRotation: 0, autoSkipPadding: 8 }, grid: { display: false } },
          y: { beginAtZero: true, ticks: { precision: 0, font: { size: 12 }, color: '#374151' } },
        },
      },
    });
    return () => chart.destroy();
  }, [labels, entries, exits]);
  return (
    <div className="db-chart">
      <canvas ref={canvas} role="img" aria-label={label} />
    </div>
  );
}
