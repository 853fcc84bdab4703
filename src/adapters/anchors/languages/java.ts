// The declarations of Java files: classes, interfaces, enums, records and annotation types, with
// their methods and constructors (named by the class: `Shop.Shop`), fields (`Shop.MAX`), enum
// constants and nested types as members. Overloads side by side are one symbol.
import type { Node } from "../../../vendor/tree-sitter.js";
import { type Declared, declare, fieldText, namedChildrenOf } from "./declared.js";

/** The declarations of a Java compilation unit. */
export function walkJava(root: Node): Declared[] {
  return namedChildrenOf(root).flatMap(member);
}

const TYPES: Record<string, string> = {
  class_declaration: "class",
  interface_declaration: "interface",
  enum_declaration: "enum",
  record_declaration: "record",
  annotation_type_declaration: "annotation",
};

function member(node: Node): Declared[] {
  const typeKind = TYPES[node.type];
  if (typeKind)
    return declare(fieldText(node, "name"), typeKind, node, body(node.childForFieldName("body")));
  switch (node.type) {
    case "method_declaration":
    case "annotation_type_element_declaration":
      return declare(fieldText(node, "name"), "method", node);
    case "constructor_declaration":
    case "compact_constructor_declaration":
      return declare(fieldText(node, "name"), "constructor", node);
    case "field_declaration":
    case "constant_declaration":
      return node
        .childrenForFieldName("declarator")
        .flatMap((d) => (d ? declare(fieldText(d, "name"), "field", node) : []));
    case "enum_constant":
      return declare(fieldText(node, "name"), "constant", node);
    default:
      return [];
  }
}

function body(node: Node | null): Declared[] {
  return namedChildrenOf(node).flatMap((m) =>
    m.type === "enum_body_declarations" ? namedChildrenOf(m).flatMap(member) : member(m),
  );
}
