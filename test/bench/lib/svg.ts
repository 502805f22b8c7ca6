/**
 * A dependency-free SVG writer for the ratio chart: one horizontal bar per scenario (the median
 * ratio), a whisker for the min–max spread across rounds, and a tick at the target. Green meets
 * the target, red misses it. Plain string building; every text is XML-escaped.
 */
import { rowLabel } from "./rows.js";
import type { Row } from "./types.js";

const esc = (text: string): string =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

const fmt = (n: number): string => (Math.round(n * 100) / 100).toString();

export function ratioChartSvg(rows: readonly Row[], subtitle: string): string {
  const measured = rows.filter((r) => r.ratio !== undefined);
  const skipped = rows.filter((r) => r.ratio === undefined);
  const all = [...measured, ...skipped];
  const width = 860;
  const labelW = 300;
  const plotW = width - labelW - 90;
  const barH = 22;
  const gap = 14;
  const top = 64;
  const height = top + all.length * (barH + gap) + 56;
  const max = Math.max(1.6, ...measured.map((r) => Math.max(r.ratio!.max, r.target.value))) * 1.08;
  const x = (v: number): number => Math.round((labelW + (Math.min(v, max) / max) * plotW) * 10) / 10;

  const parts: string[] = [];
  parts.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="system-ui, -apple-system, Segoe UI, sans-serif" font-size="13">`,
    `<rect width="100%" height="100%" fill="#ffffff"/>`,
    `<text x="16" y="26" font-size="17" font-weight="600">axn vs hand-wired baselines and peers (ratio = axn / baseline)</text>`,
    `<text x="16" y="46" fill="#555">${esc(subtitle)}</text>`,
  );
  // Grid: every 0.25 up to max.
  for (let v = 0; v <= max + 1e-9; v += 0.25) {
    const gx = x(v);
    const major = Math.abs(v - Math.round(v)) < 1e-9;
    parts.push(
      `<line x1="${gx}" y1="${top - 6}" x2="${gx}" y2="${height - 44}" stroke="${major ? "#bbb" : "#eee"}" stroke-width="1"/>`,
    );
    if (major || max < 2.6)
      parts.push(`<text x="${gx}" y="${height - 28}" text-anchor="middle" fill="#555">${fmt(v)}×</text>`);
  }
  all.forEach((row, i) => {
    const y = top + i * (barH + gap);
    const label = `${row.id}. ${rowLabel(row)}`;
    parts.push(`<text x="${labelW - 10}" y="${y + barH / 2 + 4}" text-anchor="end">${esc(label)}</text>`);
    if (row.ratio === undefined) {
      parts.push(
        `<text x="${labelW + 6}" y="${y + barH / 2 + 4}" fill="#888" font-style="italic">${esc(row.note ?? "skipped")}</text>`,
      );
      return;
    }
    const colour = row.verdict === "pass" ? "#2e9d57" : "#d64545";
    const r = row.ratio;
    parts.push(
      `<rect x="${labelW}" y="${y}" width="${Math.max(1, x(r.median) - labelW)}" height="${barH}" fill="${colour}" opacity="0.85"/>`,
    );
    const wy = y + barH / 2;
    parts.push(
      `<line x1="${x(r.min)}" y1="${wy}" x2="${x(r.max)}" y2="${wy}" stroke="#222" stroke-width="1.5"/>`,
      `<line x1="${x(r.min)}" y1="${wy - 5}" x2="${x(r.min)}" y2="${wy + 5}" stroke="#222" stroke-width="1.5"/>`,
      `<line x1="${x(r.max)}" y1="${wy - 5}" x2="${x(r.max)}" y2="${wy + 5}" stroke="#222" stroke-width="1.5"/>`,
    );
    const tx = x(row.target.value);
    parts.push(
      `<line x1="${tx}" y1="${y - 4}" x2="${tx}" y2="${y + barH + 4}" stroke="#1f4fd1" stroke-width="2.5" stroke-dasharray="4 2"/>`,
    );
    const direction = row.target.kind === "min" ? "≥" : row.target.kind === "max" ? "≤" : "<";
    parts.push(
      `<text x="${Math.max(x(r.max), x(r.median), tx) + 8}" y="${wy + 4}" fill="${colour}" font-weight="600">${fmt(r.median)}× (${row.verdict}, target ${direction} ${fmt(row.target.value)}×)</text>`,
    );
  });
  parts.push(
    `<text x="16" y="${height - 10}" fill="#555" font-size="11">Bar: median over rounds. Whisker: min–max across rounds. Dashed blue: target. HTTP (5–5c) is a throughput ratio: higher is better; all others lower is better.</text>`,
    `</svg>`,
  );
  return `${parts.join("\n")}\n`;
}
