// Semantic rules of search filter documents: keys per target, value sets, IP formats and
// the time range (window, or from with optional to).
import type { Node } from 'jsonc-parser';
import {
  FILTER_TARGETS,
  FILTER_VALUE_SETS,
  TARGET_FILTER_KEYS,
  filterKeysFor,
  repeatedFilterKeyMessage,
  type FilterTarget,
} from '../../api/types';
import type { DiagnosticSink } from '../diagnostic';
import { arrayItems, propertyKey, propertyValue, stringValue } from '../tree';
import { isIpAddress } from './addresses';

const IP_FILTER_KEYS = new Set(['gateway', 'proxyTarget', 'vpnTarget', 'destinationIp']);
const DATE_TIME = /^([0-9]{4})-([0-9]{2})-([0-9]{2})T([0-9]{2}):([0-9]{2}):([0-9]{2})$/;

export function isFilterTarget(value: unknown): value is FilterTarget {
  return typeof value === 'string' && (FILTER_TARGETS as readonly string[]).includes(value);
}

export function checkFilterDocument(root: Node, sink: DiagnosticSink): void {
  const target = stringValue(propertyValue(root, 'target'));
  const seenKeys = new Set<string>();
  for (const filter of arrayItems(propertyValue(root, 'searchFilters'))) {
    const keyNode = propertyValue(filter, 'key');
    const key = stringValue(keyNode);
    if (!keyNode || key === undefined) continue;
    if (isFilterTarget(target)) checkKeyForTarget(key, keyNode, target, sink);
    if (seenKeys.has(key)) {
      sink.atNode(keyNode, 'warning', 'filter/duplicate-key', repeatedFilterKeyMessage(key));
    }
    seenKeys.add(key);
    for (const valueNode of arrayItems(propertyValue(filter, 'values'))) checkValue(key, valueNode, sink);
  }
  checkTimeRange(root, sink);
}

function checkKeyForTarget(key: string, keyNode: Node, target: FilterTarget, sink: DiagnosticSink): void {
  if (filterKeysFor(target).includes(key)) return;
  const owners = FILTER_TARGETS.filter((t) => TARGET_FILTER_KEYS[t].includes(key));
  if (owners.length === 0) return; // not a filter key at all: the schema says so
  sink.atNode(
    keyNode,
    'error',
    'filter/key-not-for-target',
    `"${key}" filters apply to ${owners.join(', ')} only, not ${target}`,
  );
}

function checkValue(key: string, valueNode: Node, sink: DiagnosticSink): void {
  const allowed = FILTER_VALUE_SETS[key];
  const value = valueNode.value;
  if (allowed && !allowed.includes(String(value))) {
    const match = allowed.find((a) => a.toLowerCase() === String(value).toLowerCase());
    const hint = match ? ` (did you mean "${match}"?)` : '';
    sink.atNode(
      valueNode,
      'error',
      'filter/value-not-allowed',
      `${JSON.stringify(value)} is not a ${key} value; use one of ${allowed.join(', ')}${hint}`,
    );
  }
  if (IP_FILTER_KEYS.has(key) && !(typeof value === 'string' && isIpAddress(value))) {
    sink.atNode(
      valueNode,
      'error',
      'filter/ip-format',
      `${key} values are IP addresses; ${JSON.stringify(value)} is not one`,
    );
  }
}

function checkTimeRange(root: Node, sink: DiagnosticSink): void {
  const windowKey = propertyKey(root, 'window');
  const fromKey = propertyKey(root, 'from');
  const toKey = propertyKey(root, 'to');
  if (windowKey && (fromKey || toKey)) {
    sink.atNode(windowKey, 'error', 'filter/window-and-range', 'Use either "window" or "from"/"to", not both');
  }
  if (toKey && !fromKey)
    sink.atNode(toKey, 'error', 'filter/to-without-from', '"to" is used with "from"; add "from" or use "window"');
  const from = checkDate(propertyValue(root, 'from'), 'from', sink);
  const toNode = propertyValue(root, 'to');
  const to = checkDate(toNode, 'to', sink);
  if (toNode && from !== undefined && to !== undefined && to < from) {
    sink.atNode(toNode, 'error', 'filter/range-reversed', '"to" is before "from"');
  }
}

/** Epoch ms of a well-formed, real calendar date-time; reports impossible dates. */
function checkDate(node: Node | undefined, name: string, sink: DiagnosticSink): number | undefined {
  const text = stringValue(node);
  const parts = text ? DATE_TIME.exec(text) : null;
  if (!node || !parts) return undefined; // absent, or the schema's pattern reports it
  const [year, month, day, hour, minute, second] = parts.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const epoch = Date.UTC(year, month - 1, day, hour, minute, second);
  const back = new Date(epoch);
  const real =
    back.getUTCFullYear() === year &&
    back.getUTCMonth() === month - 1 &&
    back.getUTCDate() === day &&
    hour < 24 &&
    minute < 60 &&
    second < 60;
  if (!real) {
    sink.atNode(
      node,
      'error',
      'filter/invalid-date',
      `"${name}" is not a real date and time (YYYY-mm-ddTHH:MM:SS, UTC)`,
    );
    return undefined;
  }
  return epoch;
}
