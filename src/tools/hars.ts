// HAR files of the workspace: two compared request by request, one redacted. Both read
// through the CLI's bounded reader (readHarFile) from inside the workspace only, and every
// HAR is redacted before anything of it is answered: a model never sees a cookie or token.
import { basename } from 'node:path';
import { diffSides, hasHarEntries, HarDiffPageError, readDiffSide } from '../analysis/har/diff';
import { formatHarDiff } from '../analysis/har/diff-text';
import { formatRedactionSummary, redactHar, REDACTION_RULES } from '../analysis/har/redact';
import { readHarFile } from '../cli/har-file';
import { writeOutputFile } from '../cli/output-file';
import { text, workspaceFile, workspaceName, workspaceTarget } from './args';
import { capList } from './bound';
import { fenced, outside } from './fence';
import { ToolInputError, type ToolContext, type ToolDefinition } from './types';

const HAR_PATH = {
  type: 'string',
  minLength: 1,
  maxLength: 500,
  description: 'A .har (or .har.gz) file, relative to the workspace folder.',
} as const;
const PAGE = {
  type: 'string',
  maxLength: 200,
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
    'Two HAR files of the workspace compared request by request (both redacted first): the page load deltas, the requests new, missing, slower, faster or with a changed status, largest regression first, and totals per domain.',
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
    const pages = [text(args, 'beforePage'), text(args, 'afterPage')];
    const sides = files.map((file, i) => {
      try {
        return readDiffSide(redactHar(file.har).har, pages[i]);
      } catch (error) {
        if (error instanceof HarDiffPageError) throw new ToolInputError(`${outside(file.name, 200)} ${error.message}`);
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
    return {
      text: [
        `HAR diff (both files redacted): ${diff.before.requests} → ${diff.after.requests} requests; ${(['status changed', 'new', 'missing', 'slower', 'faster'] as const).map((m) => `${diff.counts[m]} ${m}`).join(', ')}${load ? `; onLoad ${load.before} → ${load.after} ms (${load.delta >= 0 ? '+' : ''}${load.delta} ms)` : ''}.`,
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

export const redactHarTool: ToolDefinition = {
  name: 'redact_har',
  title: 'Redact a HAR file',
  description: `What redaction removes from a HAR file of the workspace (${REDACTION_RULES.map((r) => r.description).join(', ')}), counted per rule; with output (and writes allowed) the redacted copy is written as a new file in the workspace.`,
  inputSchema: {
    type: 'object',
    properties: {
      file: HAR_PATH,
      output: {
        type: 'string',
        minLength: 1,
        maxLength: 500,
        pattern: '\\.har$',
        description:
          'Write the redacted HAR to this new .har file in the workspace (never overwrites; needs writes allowed).',
      },
      keepCookies: { type: 'boolean', description: 'Keep cookie values.' },
      keepBodies: {
        type: 'boolean',
        description: 'Keep response bodies (secret-named fields in them are still removed).',
      },
    },
    required: ['file'],
    additionalProperties: false,
  },
  writes: false,
  async run(args, ctx) {
    const output = text(args, 'output');
    if (output !== undefined && !ctx.allowWrites)
      throw new ToolInputError(
        'writing the redacted copy is a write: it needs writes allowed (netmon mcp --allow-writes); without output the tool only reports',
      );
    const target = output === undefined ? undefined : workspaceTarget(ctx, output);
    const { name, har } = readWorkspaceHar(ctx, text(args, 'file') as string);
    const { har: redacted, report } = redactHar(har, {
      keepCookies: args['keepCookies'] === true,
      keepBodies: args['keepBodies'] === true,
    });
    if (target !== undefined) {
      try {
        writeOutputFile(target, `${JSON.stringify(redacted, null, 2)}\n`);
      } catch (error) {
        throw new ToolInputError(`cannot write ${output}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    const rules = REDACTION_RULES.map((rule) => ({
      rule: rule.id,
      removes: rule.description,
      count: report.rules[rule.id].count,
    })).filter((r) => r.count > 0);
    return {
      text: [
        `${report.total} values redacted in ${report.entries} entries${target ? '; the redacted copy was written (its name below)' : ''}.`,
        fenced('the redaction summary: file names, header and field names come from the workspace and the HAR', [
          `file ${name}`,
          ...(target ? [`written ${workspaceName(ctx, target)}`] : []),
          ...formatRedactionSummary(report),
        ]),
      ].join('\n'),
      data: {
        file: outside(name, 200),
        entries: report.entries,
        redacted: report.total,
        rules,
        ...(target ? { written: outside(workspaceName(ctx, target), 200) } : {}),
      },
    };
  },
};
