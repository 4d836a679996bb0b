// HAR files of the workspace: two compared request by request, one redacted (a report of what
// goes, which reads only; or the copy written, which is a write like any other). All read
// through the one bounded reader (readHarFile, src/workflows/har-file.ts) from inside the
// workspace only, and every HAR is redacted before anything of it is answered: a model never
// sees a cookie or token.
import { basename } from 'node:path';
import { diffSides, hasHarEntries, HarDiffPageError, readDiffSide } from '../analysis/har/diff';
import { formatHarDiff } from '../analysis/har/diff-text';
import { formatRedactionSummary, redactHar, REDACTION_RULES, type RedactionReport } from '../analysis/har/redact';
import { readHarFile } from '../workflows/har-file';
import { SafeWriteError, writeFileSafely } from '../files/safe-write';
import { ID_TYPES, idString, text, workspaceFile, workspaceName, workspaceTarget, writeRefusal } from './args';
import { capList } from './bound';
import { fenced, outside } from './fence';
import { ToolInputError, type ToolAnswer, type ToolContext, type ToolDefinition } from './types';

const HAR_PATH = {
  type: 'string',
  minLength: 1,
  maxLength: 500,
  description: 'A .har (or .har.gz) file, relative to the workspace folder.',
} as const;
const PAGE = {
  type: ID_TYPES,
  maxLength: 200,
  minimum: 1,
  description: 'A page of the file: its id, its number (1, 2, …) or * for every request (default: the first page).',
} as const;

function readWorkspaceHar(ctx: ToolContext, path: string): { name: string; har: unknown } {
  const file = workspaceFile(ctx, path);
  let har: unknown;
  try {
    har = readHarFile(file);
  } catch (error) {
    throw new ToolInputError(
      `cannot read ${workspaceName(ctx, file)}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  if (!hasHarEntries(har))
    throw new ToolInputError(`${workspaceName(ctx, file)} is not a HAR: it has no log.entries array`);
  return { name: workspaceName(ctx, file), har };
}

export const compareHars: ToolDefinition = {
  name: 'compare_hars',
  title: 'Compare two HAR files',
  description:
    'Two HAR files of the workspace compared request by request (both redacted first): the page load deltas, the ' +
    'requests new, missing, slower, faster or with a changed status, largest regression first, and totals per ' +
    'domain.',
  inputSchema: {
    type: 'object',
    properties: { before: HAR_PATH, after: HAR_PATH, beforePage: PAGE, afterPage: PAGE },
    required: ['before', 'after'],
    additionalProperties: false,
  },
  writes: false,
  async run(args, ctx) {
    const files = [
      readWorkspaceHar(ctx, text(args, 'before') as string),
      readWorkspaceHar(ctx, text(args, 'after') as string),
    ];
    const pages = [idString(args, 'beforePage'), idString(args, 'afterPage')];
    const sides = files.map((file, i) => {
      try {
        return readDiffSide(redactHar(file.har).har, pages[i]);
      } catch (error) {
        if (error instanceof HarDiffPageError)
          throw new ToolInputError('a HAR lacks the page asked for (its pages are quoted below)', [
            `${file.name} ${error.message}`,
          ]);
        throw error;
      }
    });
    const diff = diffSides(sides[0]!, sides[1]!);
    const rows = capList(
      diff.rows.filter((r) => r.mark !== 'unchanged'),
      25,
    );
    const lines = formatHarDiff(
      diff,
      { before: basename(files[0]!.name), after: basename(files[1]!.name) },
      { rows: 15 },
    );
    const load = diff.page?.onLoad;
    const changeCounts = (['status changed', 'new', 'missing', 'slower', 'faster'] as const)
      .map((m) => `${diff.counts[m]} ${m}`)
      .join(', ');
    const loadChange = load
      ? `; onLoad ${load.before} → ${load.after} ms (${load.delta >= 0 ? '+' : ''}${load.delta} ms)`
      : '';
    return {
      text: [
        `HAR diff (both files redacted): ${diff.before.requests} → ${diff.after.requests} requests; ` +
          `${changeCounts}${loadChange}.`,
        fenced('the diff: URLs, hosts and page titles come from the HAR files', lines),
      ].join('\n'),
      data: {
        before: outside(files[0]!.name, 200),
        after: outside(files[1]!.name, 200),
        counts: diff.counts,
        page: diff.page ?? null,
        total: diff.total.delta,
        rows: rows.items.map((r) => ({
          mark: r.mark,
          method: outside(r.method, 20),
          url: outside(r.url, 300),
          resourceType: r.resourceType,
          deltaMs: Math.round(r.deltaMs),
          largestPhase: r.largestPhase,
          status: [r.before?.status ?? null, r.after?.status ?? null],
        })),
        rowsLeftOut: rows.omitted + diff.omittedRows,
        byDomain: diff.byDomain.slice(0, 10).map((d) => ({
          domain: outside(d.domain, 200),
          deltaMs: Math.round(d.delta.totalMs),
          requests: d.delta.requests,
        })),
        warnings: diff.warnings.map((w) => outside(w, 300)),
      },
      opens: [{ command: 'netmon.compareHars', title: 'Netmon: Compare HAR Files' }],
    };
  },
};

/** What redaction may keep; the same for the report and the copy, so the report tells what the copy would hold. */
const KEEP_PROPERTIES = {
  keepCookies: { type: 'boolean', description: 'Keep cookie values.' },
  keepBodies: {
    type: 'boolean',
    description: 'Keep response bodies (secret-named fields in them are still removed).',
  },
} as const;
const RULES_REMOVED = REDACTION_RULES.map((r) => r.description).join(', ');

function redactWorkspaceHar(ctx: ToolContext, args: Record<string, unknown>) {
  const { name, har } = readWorkspaceHar(ctx, text(args, 'file') as string);
  const { har: redacted, report } = redactHar(har, {
    keepCookies: args['keepCookies'] === true,
    keepBodies: args['keepBodies'] === true,
  });
  return { name, redacted, report };
}

/** The redaction summary; `written`, the workspace name of the copy written. */
function redactionAnswer(name: string, report: RedactionReport, written?: string): ToolAnswer {
  const rules = REDACTION_RULES.map((rule) => ({
    rule: rule.id,
    removes: rule.description,
    count: report.rules[rule.id].count,
  })).filter((r) => r.count > 0);
  return {
    text: [
      `${report.total} values redacted in ${report.entries} entries` +
        `${written ? '; the redacted copy was written (its name below)' : ''}.`,
      fenced('the redaction summary: file names, header and field names come from the workspace and the HAR', [
        `file ${name}`,
        ...(written ? [`written ${written}`] : []),
        ...formatRedactionSummary(report),
      ]),
    ].join('\n'),
    data: {
      file: outside(name, 200),
      entries: report.entries,
      redacted: report.total,
      rules,
      ...(written ? { written: outside(written, 200) } : {}),
    },
  };
}

/** Reads only, so it stays available everywhere (Restricted Mode, netmon mcp without --allow-writes). */
export const redactHarTool: ToolDefinition = {
  name: 'redact_har',
  title: 'Report what redaction removes from a HAR file',
  description:
    `What redaction removes from a HAR file of the workspace (${RULES_REMOVED}), counted per rule. Reads ` +
    `only: nothing is written (write_redacted_har writes the redacted copy).`,
  inputSchema: {
    type: 'object',
    properties: { file: HAR_PATH, ...KEEP_PROPERTIES },
    required: ['file'],
    additionalProperties: false,
  },
  writes: false,
  async run(args, ctx) {
    const { name, report } = redactWorkspaceHar(ctx, args);
    return redactionAnswer(name, report);
  },
};

/**
 * A write like any other: allowed writes, the user's yes in VS Code, a new file below the workspace through real
 * folders only.
 */
export const writeRedactedHar: ToolDefinition = {
  name: 'write_redacted_har',
  title: 'Write a redacted copy of a HAR file',
  description:
    `Writes a HAR file of the workspace redacted (${RULES_REMOVED}) as a new .har file in the workspace, ` +
    `and counts what was removed per rule. Writes a file: only with writes allowed, once the user agreed to that ` +
    `file; it never replaces a file and never writes through a symbolic link.`,
  inputSchema: {
    type: 'object',
    properties: {
      file: HAR_PATH,
      output: {
        type: 'string',
        minLength: 1,
        maxLength: 500,
        pattern: '\\.har$',
        description: 'The new .har file to write, relative to the workspace folder (never overwrites).',
      },
      ...KEEP_PROPERTIES,
    },
    required: ['file', 'output'],
    additionalProperties: false,
  },
  writes: true,
  writeEffect: 'writes a file in the workspace',
  async describeWrite(args, ctx) {
    const output = text(args, 'output') ?? '';
    const kept = [
      args['keepCookies'] === true ? 'cookie values' : '',
      args['keepBodies'] === true ? 'response bodies' : '',
    ]
      .filter(Boolean)
      .join(' and ');
    let where: string;
    try {
      where = `the new file ${workspaceName(ctx, workspaceTarget(ctx, output))}`;
    } catch (error) {
      if (!(error instanceof ToolInputError)) throw error;
      where = `${outside(output, 200)}; it will be refused: ${error.message}`;
    }
    return {
      title: 'Write a redacted copy of a HAR file?',
      message:
        `Writes ${outside(text(args, 'file') ?? '', 200)}, redacted${kept ? ` (keeping its ${kept})` : ''}, ` +
        `to ${where} (workspace folder ${outside(ctx.cwd, 300)}).`,
    };
  },
  async run(args, ctx) {
    const output = text(args, 'output') as string;
    const target = workspaceTarget(ctx, output);
    const { name, redacted, report } = redactWorkspaceHar(ctx, args);
    try {
      // The workspace folder as root: the writer checks every folder on the way again, at the write.
      writeFileSafely(target, `${JSON.stringify(redacted, null, 2)}\n`, { root: ctx.cwd });
    } catch (error) {
      if (error instanceof SafeWriteError) throw new ToolInputError(writeRefusal(output, error));
      throw new ToolInputError(
        `cannot write ${outside(output, 200)}: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    return redactionAnswer(name, report, workspaceName(ctx, target));
  },
};
