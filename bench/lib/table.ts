import type { Row, Unit } from './types.js';

/** 12345.6 → "12 346"; small values keep up to 3 significant digits. */
export function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const abs = Math.abs(value);
  const digits = abs >= 100 ? 0 : abs >= 10 ? 1 : 2;
  return value
    .toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: 0 })
    .replace(/,/g, ' ');
}

export function formatValue(value: number | null, unit: Unit): string {
  if (value === null) return '—';
  switch (unit) {
    case 'ns/op':
      return `${formatNumber(value)} ns`;
    case 'ms':
      return `${formatNumber(value)} ms`;
    case 'bytes':
      return formatBytes(value);
    case '×':
      return `${formatNumber(value)}×`;
    default:
      return `${formatNumber(value)} ${unit}`;
  }
}

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${formatNumber(bytes / (1024 * 1024))} MiB`;
  if (bytes >= 1024) return `${formatNumber(bytes / 1024)} KiB`;
  return `${formatNumber(bytes)} B`;
}

const STATUS: Record<Row['status'], string> = {
  met: 'met',
  missed: 'MISSED',
  info: '',
  todo: 'todo',
  error: 'ERROR',
};

/** The one table: figure, subject, value, baseline, ratio, goal, status (a Markdown table). */
export function renderTable(rows: readonly Row[]): string {
  const header = ['Figure', 'Subject', 'Value', 'Baseline (same run)', 'Ratio', 'Goal', 'Status'];
  let lastFigure = '';
  const body = rows.map((row) => {
    const figure = row.figure === lastFigure ? '' : row.figure;
    lastFigure = row.figure;
    const value =
      row.status === 'todo'
        ? (row.note ?? 'not measured yet')
        : (row.display ?? formatValue(row.value, row.unit));
    return [
      figure,
      row.subject,
      value,
      row.baseline
        ? `${row.baseline.subject}: ${formatValue(row.baseline.value, row.baseline.unit ?? row.unit)}`
        : '',
      row.ratio === undefined ? '' : formatNumber(row.ratio),
      row.goal ?? '',
      STATUS[row.status],
    ];
  });
  const widths = header.map((title, column) =>
    Math.max(title.length, ...body.map((cells) => cells[column]!.length)),
  );
  const line = (cells: readonly string[]) =>
    `| ${cells.map((cell, column) => cell.padEnd(widths[column]!)).join(' | ')} |`;
  const rule = `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`;
  return [line(header), rule, ...body.map(line)].join('\n');
}

/** The closing note: every missed goal or failed row with what limits it and what would fix it. */
export function renderNotes(rows: readonly Row[]): string {
  const notes = rows.filter(
    (row) => (row.status === 'missed' || row.status === 'error') && row.note,
  );
  if (notes.length === 0) return 'Every measured figure met its goal.';
  return [
    'Closing note (goals missed):',
    ...notes.map((row) => `- ${row.figure}, ${row.subject}: ${row.note}`),
  ].join('\n');
}
