// Shared helpers of the language walkers: a declaration found, and the name it goes by.
import type { DeclaredSymbol } from "../../../core/anchors/symbol-names.js";
import { isAnchorName } from "../../../core/anchors/symbol-names.js";
import type { Node } from "../../../vendor/tree-sitter.js";

/** What a walker returns for a file: its declarations, each with the nodes it spans. */
export type Declared = DeclaredSymbol<Node>;

/** A language walker: the declarations of a parsed file, members inside their parents. */
export type SymbolWalker = (root: Node) => Declared[];

/** One declaration, or none when its name cannot be an anchor step (computed, empty, dotted). */
export function declare(
  name: string | undefined,
  kind: string,
  part: Node,
  members: Declared[] = [],
): Declared[] {
  return name !== undefined && isAnchorName(name) ? [{ name, kind, parts: [part], members }] : [];
}

/** The text of a node's field, or undefined. */
export function fieldText(node: Node, field: string): string | undefined {
  return node.childForFieldName(field)?.text;
}

/** The node's named children, without the nulls the runtime's list may hold. */
export function namedChildrenOf(node: Node | null | undefined): Node[] {
  return (node?.namedChildren ?? []).filter((c): c is Node => c !== null);
}

/** A string literal's content (quotes off), or the node's text for any other key. */
export function keyText(node: Node | null): string | undefined {
  if (!node) return undefined;
  if (node.type === "string" || node.type === "string_literal") {
    const inner = namedChildrenOf(node);
    return inner.length === 1 ? inner[0]!.text : inner.length === 0 ? "" : undefined;
  }
  if (node.type === "computed_property_name") return undefined;
  return node.text;
}
