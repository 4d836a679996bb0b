// Summarises the CPU profile the activation probe records (activate start → Endpoint Agents
// children): self time grouped by where the code comes from, with the extension's bundles
// mapped back through their source maps to src/ folders and npm packages.
import { existsSync, readFileSync } from 'node:fs';
import { SourceMap, type SourceMapPayload } from 'node:module';
import { fileURLToPath } from 'node:url';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** V8's pseudo-frames: "(program)" is native work such as compiling scripts, "(idle)" is waiting for I/O. */
const PSEUDO_FRAMES = new Set(['(garbage collector)', '(program)', '(idle)', '(root)']);
const NODE_INTERNALS = 'node internals';
/** Node frames that compile a module's source (its cost is the size of the bundle being loaded). */
const COMPILE_FUNCTIONS = new Set(['compileFunction', 'wrapSafe', 'compileForInternalLoader']);

function isCpuProfile(value: unknown): value is CpuProfile {
  return (
    typeof value === 'object' &&
    value !== null &&
    Array.isArray((value as CpuProfile).nodes) &&
    Array.isArray((value as CpuProfile).samples) &&
    Array.isArray((value as CpuProfile).timeDeltas)
  );
}

/** `node_modules/undici` or `src/vscode/documents`, from a source path in a source map. */
function sourceGroup(source: string): string {
  const packagePath = source.split('node_modules/').pop() ?? source;
  if (packagePath !== source) {
    const parts = packagePath.split('/');
    return `node_modules/${parts[0]?.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]}`;
  }
  const fromSrc = source.slice(Math.max(0, source.indexOf('src/')));
  return fromSrc.split('/').slice(0, 3).join('/');
}

class FrameClassifier {
  private readonly maps = new Map<string, SourceMap | undefined>();

  constructor(private readonly bundleDir: string) {}

  /** Node's own code is charged to the nearest caller outside it: "node internals ← node_modules/undici". */
  groupOf(node: ProfileNode, parents: Map<number, ProfileNode>): string {
    const own = this.group(node.callFrame);
    if (own !== NODE_INTERNALS) return own;
    const leaf = node.callFrame.functionName;
    for (let caller = parents.get(node.id); caller; caller = parents.get(caller.id)) {
      const group = this.group(caller.callFrame);
      if (group !== NODE_INTERNALS && group !== '(root)')
        return `${COMPILE_FUNCTIONS.has(leaf) ? 'node compiling a required bundle' : 'node internals'} ← ${group}`;
    }
    return `node internals (${leaf || 'anonymous'})`;
  }

  group(frame: CallFrame): string {
    if (PSEUDO_FRAMES.has(frame.functionName)) return frame.functionName;
    const { url } = frame;
    if (url.startsWith('wasm://')) return "WebAssembly (undici's llhttp parser)";
    if (url.startsWith('node:') || url === '') return NODE_INTERNALS;
    const file = url.startsWith('file://') ? fileURLToPath(url) : url;
    if (!file.startsWith(this.bundleDir)) return /code-server|vscode/.test(file) ? 'VS Code extension host' : file;
    const entry = this.sourceMap(file)?.findEntry(frame.lineNumber, frame.columnNumber);
    const source = entry && 'originalSource' in entry ? entry.originalSource : undefined;
    // Frames carry where their function starts; esbuild's module wrappers start in its unmapped runtime.
    return source
      ? sourceGroup(source)
      : `${file.slice(this.bundleDir.length + 1)}: module top-level code (esbuild wrappers)`;
  }

  private sourceMap(file: string): SourceMap | undefined {
    if (!this.maps.has(file)) {
      const mapFile = `${file}.map`;
      this.maps.set(
        file,
        existsSync(mapFile) ? new SourceMap(JSON.parse(readFileSync(mapFile, 'utf8')) as SourceMapPayload) : undefined,
      );
    }
    return this.maps.get(file);
  }
}

/** Lines "   123.4 ms  45%  node_modules/undici", the biggest first. */
export function summarizeProfile(profileFile: string, bundleDir: string, top = 12): string[] {
  const parsed: unknown = JSON.parse(readFileSync(profileFile, 'utf8'));
  if (!isCpuProfile(parsed)) throw new Error(`${profileFile} is not a V8 CPU profile`);
  const nodes = new Map(parsed.nodes.map((node) => [node.id, node]));
  const parents = new Map<number, ProfileNode>();
  for (const node of parsed.nodes) for (const child of node.children ?? []) parents.set(child, node);
  const classifier = new FrameClassifier(bundleDir);
  const selfMs = new Map<string, number>();
  let totalMs = 0;
  const isProfilerItself = (node: ProfileNode): boolean => {
    for (let frame: ProfileNode | undefined = node; frame; frame = parents.get(frame.id))
      if (frame.callFrame.url === 'node:inspector') return true;
    return false;
  };
  parsed.samples.forEach((nodeId, index) => {
    const node = nodes.get(nodeId);
    if (!node || isProfilerItself(node)) return; // starting and stopping the profiler is not the extension's time
    const ms = (parsed.timeDeltas[index] ?? 0) / 1000;
    totalMs += ms;
    const group = classifier.groupOf(node, parents);
    selfMs.set(group, (selfMs.get(group) ?? 0) + ms);
  });
  const rows = [...selfMs].sort((a, b) => b[1] - a[1]).slice(0, top);
  return [
    `${totalMs.toFixed(0)} ms sampled every 0.2 ms (the profiler's own calls left out; profiling slows the run):`,
    ...rows.map(
      ([group, ms]) => `${ms.toFixed(1).padStart(8)} ms ${((100 * ms) / totalMs).toFixed(0).padStart(3)}%  ${group}`,
    ),
  ];
}
