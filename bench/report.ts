/** One benchmark's figures: a measurement and the baseline taken in the same run. */
export interface BenchReport {
  name: string;
  unit: string;
  baseline: { label: string; value: number };
  measured: { label: string; value: number };
  notes?: string;
}

export function formatReport(r: BenchReport): string {
  const ratio = r.baseline.value > 0 ? r.measured.value / r.baseline.value : NaN;
  const fmt = (v: number) => v.toLocaleString('en-US', { maximumFractionDigits: 1 });
  return [
    `● ${r.name}`,
    `    ${r.measured.label}: ${fmt(r.measured.value)} ${r.unit}`,
    `    baseline (${r.baseline.label}): ${fmt(r.baseline.value)} ${r.unit}`,
    r.baseline.value > 0 ? `    ratio: ${(ratio * 100).toFixed(1)} %` : '    ratio: – (the baseline is 0)',
    ...(r.notes ? [`    ${r.notes}`] : []),
  ].join('\n');
}
