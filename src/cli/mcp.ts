// `netmon mcp`: the AI tools (src/tools) as a stdio MCP server for any MCP client (VS Code's
// .vscode/mcp.json, Claude Code, …). The connection comes from the same flags and environment
// as every other command; read-only unless started with --allow-writes. The server and the
// SDK are loaded from dist/mcp-lib.js only here (esbuild.mjs), so no other command loads them.
import { ACCOUNT_USAGE, openAccount, takeAccountFlags, UsageError, type Account } from './account';
import { processIo, reportFailure, type CliIo } from './io';
import { resolve } from 'node:path';
import { PACKAGE_VERSION } from '../api/version';
import { mcpConfigsText } from '../tools/mcp-configs';

export const MCP_USAGE = `usage: netmon mcp [--allow-writes] [account]
  Serves Netmon's analyses as MCP tools on stdin/stdout: find_worst_sessions, explain_session,
  session_path, agent_timeline, find_agent, localize_path, diff_path, list_alerts, explain_alert,
  backtest_alert_rule, compare_sessions, compare_hars, redact_har (a report, writes nothing),
  validate_documents and plan_documents; with --allow-writes also apply_documents, run_instant_test and
  write_redacted_har. Prompts: troubleshoot, explain-session and plan. Each answer's data.next
  names the call to make next, ids as given. Files (HARs, documents) are read below the current
  folder only.
  Each call is logged on stderr: tool, arguments, duration, answer size.
  --allow-writes   also serve the tools that change the account or write files
${ACCOUNT_USAGE}
  Exit code: 0 when the client closed the connection, 2 could not start (usage, connection).`;

export async function runMcp(args: readonly string[], io: CliIo = processIo()): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    io.stdout(`${MCP_USAGE}\n${mcpConfigsText(resolve(process.argv[1] ?? 'dist/netmon.js'))}`);
    return 0;
  }
  let account: Account | undefined;
  try {
    const { flags, rest } = takeAccountFlags(args);
    const allowWrites = rest.includes('--allow-writes');
    const unknown = rest.find((arg) => arg !== '--allow-writes');
    if (unknown !== undefined) throw new UsageError(`unknown option ${unknown}`);
    account = await openAccount(flags, io.env, io.stderr);
    const [{ serveMcp }, { TOOLS, callTool }] = await Promise.all([
      import('../tools/mcp-server'),
      import('../tools/library'),
    ]);
    await serveMcp({
      catalogue: { tools: TOOLS, call: callTool },
      ctx: { account, cwd: io.cwd, allowWrites, now: () => Date.now() },
      version: PACKAGE_VERSION,
      log: io.stderr,
    });
    return 0;
  } catch (error) {
    return reportFailure('mcp', error, MCP_USAGE, io);
  } finally {
    await account?.close();
  }
}
