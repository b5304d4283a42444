// The rule for migrations that run while older app nodes still serve (issue 38 item 3, rolling
// upgrades; docs/operations.md "Rolling upgrades"): a migration only adds – tables, nullable
// columns or columns with a default, indexes, constraints on what it adds itself. What an older
// node reads or writes must keep working: no table or column dropped or renamed, no type changed,
// no NOT NULL or constraint put on a column the old code writes. A change that needs one is split
// (expand, deploy, contract in a later release); where a statement is safe for a reason this check
// cannot see, the line before it says so: `-- compat: <why older nodes are unaffected>`.

/** Migrations before this number ran before the rule existed (each was deployed with all nodes stopped). */
export const FIRST_CHECKED = 20;

const RULES = [
  [/^DROP\s+(TABLE|VIEW|TYPE)\b/i, 'drops what older nodes may still read'],
  [/\bDROP\s+COLUMN\b/i, 'drops a column older nodes may still read or write'],
  [/\bRENAME\b/i, 'renames what older nodes name'],
  [/\bALTER\s+COLUMN\s+\S+\s+(SET\s+DATA\s+)?TYPE\b/i, 'changes a column type under older nodes'],
  [/\bALTER\s+COLUMN\s+\S+\s+SET\s+NOT\s+NULL\b/i, 'makes a column required that older nodes may leave empty'],
  [/\bALTER\s+COLUMN\s+\S+\s+DROP\s+DEFAULT\b/i, 'drops a default older nodes rely on'],
];

/** Every statement of a drizzle migration with the comment lines just before it. */
function statements(sql) {
  return sql
    .split('--> statement-breakpoint')
    .map((chunk) => {
      const lines = chunk.split('\n');
      const comments = lines.filter((l) => l.trim().startsWith('--')).join('\n');
      const text = lines
        .filter((l) => !l.trim().startsWith('--'))
        .join('\n')
        .trim();
      return { text, waived: /--\s*compat:\s*\S/.test(comments) };
    })
    .filter((s) => s.text);
}

/**
 * The statements of one migration that would break older nodes, each with why; [] when it only
 * adds. Tables created in the same migration are new to every node: anything goes on them.
 */
export function compatProblems(sql) {
  const all = statements(sql);
  const created = new Set(all.flatMap((s) => [...s.text.matchAll(/CREATE\s+TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?"?([\w.]+)"?/gi)].map((m) => m[1])));
  const addedColumns = new Set(all.flatMap((s) => [...s.text.matchAll(/ALTER\s+TABLE\s+"?([\w.]+)"?\s+ADD\s+COLUMN\s+(?:IF\s+NOT\s+EXISTS\s+)?"?(\w+)"?/gi)].map((m) => `${m[1]}.${m[2]}`)));
  const problems = [];
  for (const s of all) {
    if (s.waived) continue;
    const table = /ALTER\s+TABLE\s+(?:ONLY\s+)?"?([\w.]+)"?/i.exec(s.text)?.[1];
    if (table && created.has(table)) continue;
    for (const [pattern, why] of RULES) if (pattern.test(s.text)) problems.push({ statement: s.text, why });
    const column = /ADD\s+COLUMN\s+(?:IF\s+NOT\s+EXISTS\s+)?"?(\w+)"?\s+([^;]*)/i.exec(s.text);
    if (column && /\bNOT\s+NULL\b/i.test(column[2]) && !/\bDEFAULT\b/i.test(column[2])) {
      problems.push({ statement: s.text, why: 'adds a required column without a default: older nodes insert rows without it' });
    }
    const constraint = /ADD\s+CONSTRAINT\s+"?\w+"?\s+(FOREIGN\s+KEY|UNIQUE|CHECK|PRIMARY\s+KEY)\s*\(([^)]*)\)/i.exec(s.text);
    if (table && constraint) {
      const columns = constraint[1].toUpperCase() === 'CHECK' ? [] : constraint[2].split(',').map((c) => c.trim().replaceAll('"', ''));
      // A key on columns this migration added constrains only what older nodes never write.
      const onNewColumns = columns.length > 0 && columns.every((c) => addedColumns.has(`${table}.${c}`));
      if (!onNewColumns) problems.push({ statement: s.text, why: 'puts a constraint on data older nodes write' });
    }
    if (/CREATE\s+UNIQUE\s+INDEX/i.test(s.text)) {
      const on = /\bON\s+"?([\w.]+)"?/i.exec(s.text)?.[1];
      if (on && !created.has(on)) problems.push({ statement: s.text, why: 'a unique index on a table older nodes write may refuse their rows' });
    }
  }
  return problems;
}
