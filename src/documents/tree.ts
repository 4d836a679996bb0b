// Small helpers over jsonc-parser's syntax tree, shared by the rules: every rule reports on
// a node, so these return nodes (with offsets) rather than plain values.
import { findNodeAtLocation, getNodeValue, type Node, type JSONPath } from 'jsonc-parser';

export function propertyNode(object: Node | undefined, name: string): Node | undefined {
  if (object?.type !== 'object') return undefined;
  return object.children?.find((property) => property.children?.[0]?.value === name);
}

/** The value node of property `name` of an object node. */
export function propertyValue(object: Node | undefined, name: string): Node | undefined {
  return propertyNode(object, name)?.children?.[1];
}

/** The key node (the quoted name) of property `name`. */
export function propertyKey(object: Node | undefined, name: string): Node | undefined {
  return propertyNode(object, name)?.children?.[0];
}

export function stringValue(node: Node | undefined): string | undefined {
  return node?.type === 'string' && typeof node.value === 'string' ? node.value : undefined;
}

export function nodeAt(root: Node | undefined, path: JSONPath): Node | undefined {
  return root ? findNodeAtLocation(root, path) : undefined;
}

export function arrayItems(node: Node | undefined): Node[] {
  return node?.type === 'array' ? (node.children ?? []) : [];
}

export function objectProperties(node: Node | undefined): { name: string; key: Node; value: Node | undefined }[] {
  if (node?.type !== 'object') return [];
  const result: { name: string; key: Node; value: Node | undefined }[] = [];
  for (const property of node.children ?? []) {
    const key = property.children?.[0];
    if (key && typeof key.value === 'string') result.push({ name: key.value, key, value: property.children?.[1] });
  }
  return result;
}

export function valueOf(node: Node | undefined): unknown {
  return node ? getNodeValue(node) : undefined;
}

/** A scalar node's value as text, for ids written either as numbers or numeric strings. */
export function idText(node: Node | undefined): string | undefined {
  if (node?.type === 'string' || node?.type === 'number') return String(node.value);
  return undefined;
}
