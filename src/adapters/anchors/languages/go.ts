// The declarations of Go files: functions, methods as `Type.Method`, type specs (struct fields
// and interface methods as their members), and top-level var and const specs. A declaration
// with one spec is read whole (`type`, `var`, `const` included); in a group, each spec alone.
import { attachMembers } from "../../../core/anchors/symbol-names.js";
import type { Node } from "../../../vendor/tree-sitter.js";
import { type Declared, declare, fieldText, namedChildrenOf } from "./declared.js";

/** The declarations of a Go source file. */
export function walkGo(root: Node): Declared[] {
  const declared: Declared[] = [];
  const methods = new Map<string, Declared[]>();
  for (const node of namedChildrenOf(root)) {
    switch (node.type) {
      case "function_declaration":
        declared.push(...declare(fieldText(node, "name"), "function", node));
        break;
      case "method_declaration": {
        const owner = receiverType(node.childForFieldName("receiver"));
        const method = declare(fieldText(node, "name"), "method", node);
        if (owner && method.length) methods.set(owner, [...(methods.get(owner) ?? []), ...method]);
        break;
      }
      case "type_declaration":
      case "var_declaration":
      case "const_declaration":
        declared.push(...specs(node));
        break;
    }
  }
  return attachMembers(declared, methods);
}

function specs(declaration: Node): Declared[] {
  const list = namedChildrenOf(declaration).flatMap((c) =>
    c.type === "var_spec_list" ? namedChildrenOf(c) : [c],
  );
  const all = list.filter((s) => DECLARATION_SPECS.has(s.type));
  return all.flatMap((spec) => {
    const unit = all.length === 1 ? declaration : spec;
    if (spec.type === "type_spec" || spec.type === "type_alias") {
      const type = spec.childForFieldName("type");
      return declare(fieldText(spec, "name"), kindOfType(spec, type), unit, typeMembers(type));
    }
    const kind = spec.type === "const_spec" ? "constant" : "variable";
    const names = spec.childrenForFieldName("name").filter((n): n is Node => n !== null);
    // one name, one composite literal: its keys are the variable's members
    const members = names.length === 1 ? literalMembers(spec.childForFieldName("value")) : [];
    return names.flatMap((n) => declare(n.text, kind, unit, members));
  });
}

const DECLARATION_SPECS = new Set(["type_spec", "type_alias", "var_spec", "const_spec"]);

function kindOfType(spec: Node, type: Node | null): string {
  if (spec.type === "type_alias") return "type";
  if (type?.type === "struct_type") return "struct";
  if (type?.type === "interface_type") return "interface";
  return "type";
}

function typeMembers(type: Node | null): Declared[] {
  if (type?.type === "struct_type")
    return namedChildrenOf(type.namedChildren[0]).flatMap((field) =>
      field.type === "field_declaration"
        ? field
            .childrenForFieldName("name")
            .flatMap((n) => (n ? declare(n.text, "field", field) : []))
        : [],
    );
  if (type?.type === "interface_type")
    return namedChildrenOf(type).flatMap((m) =>
      m.type === "method_elem" ? declare(fieldText(m, "name"), "method", m) : [],
    );
  return [];
}

/** The keyed elements of a composite literal (`Config{Port: 8080}`, `map[string]int{"max": 3}`,
 *  also behind `&`) as members, nested literals' keys under theirs. */
function literalMembers(value: Node | null): Declared[] {
  let node = value?.type === "expression_list" ? (value.namedChildren[0] ?? null) : value;
  if (node?.type === "unary_expression") node = node.childForFieldName("operand");
  const body =
    node?.type === "composite_literal"
      ? node.childForFieldName("body")
      : node?.type === "literal_value"
        ? node
        : null;
  return namedChildrenOf(body).flatMap((element) => {
    if (element.type !== "keyed_element") return [];
    const key = element.childForFieldName("key")?.namedChildren[0] ?? null;
    const name =
      key?.type === "identifier" || key?.type === "field_identifier"
        ? key.text
        : key?.type === "interpreted_string_literal" && key.namedChildCount <= 1
          ? (key.namedChildren[0]?.text ?? "")
          : undefined;
    const inner = element.childForFieldName("value")?.namedChildren[0] ?? null;
    return declare(name, "property", element, literalMembers(inner));
  });
}

/** The type a method's receiver names: `p *Point` and `b Box[T]` → Point, Box. */
function receiverType(receiver: Node | null): string | undefined {
  let type = namedChildrenOf(receiver)[0]?.childForFieldName("type") ?? null;
  while (type && (type.type === "pointer_type" || type.type === "parenthesized_type"))
    type = type.namedChildren[0] ?? null;
  if (type?.type === "generic_type") type = type.childForFieldName("type");
  return type?.type === "type_identifier" ? type.text : undefined;
}
