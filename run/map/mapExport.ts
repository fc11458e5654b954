/**
 * Export of map results to CSV and JSON, and the one-line summary. VS Code-free.
 */
import type { MapObject, MapRunResult } from './mapRun';

/** Every attribute key used by any object, sorted: one CSV column each. */
function attributeKeys(objects: MapObject[]): string[] {
  const keys = new Set<string>();
  for (const o of objects) for (const k of Object.keys(o.attributes)) keys.add(k);
  return [...keys].sort();
}

/**
 * One CSV field (RFC 4180). Text that a spreadsheet would run as a formula (`=`, `+`, `-`, `@`
 * at the start, and not a number) gets a leading apostrophe, as OWASP advises for CSV exports.
 */
export function csvField(value: string | number): string {
  let s = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value;
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(s) && !/^[+-]?\d+(\.\d+)?$/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** ISO date of a Unix-seconds mtime (the real server stores seconds); empty when unknown. */
function mtimeIso(mtime: number): string {
  if (!Number.isFinite(mtime)) return '';
  const ms = mtime > 1e11 ? mtime : mtime * 1000; // tolerate milliseconds
  const d = new Date(ms);
  return isNaN(d.getTime()) ? '' : d.toISOString();
}

export function toCsv(objects: MapObject[]): string {
  const keys = attributeKeys(objects);
  const header = ['type', 'x', 'y', 'z', 'mapblock_x', 'mapblock_y', 'mapblock_z', 'mtime', 'mtime_iso', ...keys.map((k) => `attr_${k}`)];
  const rows = objects.map((o) =>
    [o.type, o.x, o.y, o.z, o.mapblock.x, o.mapblock.y, o.mapblock.z, o.mtime, mtimeIso(o.mtime), ...keys.map((k) => o.attributes[k] ?? '')]
      .map(csvField)
      .join(','),
  );
  return `${[header.map(csvField).join(','), ...rows].join('\r\n')}\r\n`;
}

export function toJson(objects: MapObject[]): string {
  return `${JSON.stringify(objects, null, 2)}\n`;
}

export function mapSummaryLine(r: MapRunResult): string {
  const byType = new Map<string, number>();
  for (const o of r.objects) byType.set(o.type, (byType.get(o.type) ?? 0) + 1);
  const types = [...byType].map(([t, n]) => `${t}: ${n}`).join(', ');
  return `HTTP ${r.status} · ${r.elapsedMs} ms · ${r.objects.length} object${r.objects.length === 1 ? '' : 's'}${types ? ` (${types})` : ''}`;
}
