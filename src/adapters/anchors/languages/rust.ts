// The declarations of Rust files: functions, structs (fields as members), enums (variants),
// unions, traits (their methods), type aliases, consts, statics, macros, and modules with what
// they hold (`inner.f`). Methods of `impl` blocks are members of their type (`Point.new`), also
// when the type is declared in another file. An item is read with its attributes (`#[derive]`).
import { attachMembers } from "../../../core/anchors/symbol-names.js";
import type { Node } from "../../../vendor/tree-sitter.js";
import { type Declared, declare, fieldText, namedChildrenOf } from "./declared.js";

/** The declarations of a Rust source file. */
export function walkRust(root: Node): Declared[] {
  return items(root);
}

const KINDS: Record<string, string> = {
  function_item: "function",
  function_signature_item: "function",
  struct_item: "struct",
  enum_item: "enum",
  union_item: "union",
  trait_item: "trait",
  type_item: "type",
  const_item: "constant",
  static_item: "static",
  macro_definition: "macro",
  mod_item: "module",
};

function items(list: Node | null, inside?: "trait" | "impl"): Declared[] {
  const declared: Declared[] = [];
  const impls = new Map<string, Declared[]>();
  let attributes: Node[] = [];
  for (const node of namedChildrenOf(list)) {
    if (node.type === "attribute_item") {
      attributes.push(node);
      continue;
    }
    const parts = [...attributes, node];
    attributes = [];
    if (node.type === "impl_item") {
      const owner = typeName(node.childForFieldName("type"));
      const methods = items(node.childForFieldName("body"), "impl");
      if (owner && methods.length) impls.set(owner, [...(impls.get(owner) ?? []), ...methods]);
      continue;
    }
    const kind = KINDS[node.type];
    if (!kind) continue;
    const found = declare(
      fieldText(node, "name"),
      inside && kind === "function" ? "method" : kind,
      node,
      members(node),
    );
    for (const d of found) d.parts = parts;
    declared.push(...found);
  }
  return attachMembers(declared, impls);
}

function members(node: Node): Declared[] {
  const body = node.childForFieldName("body");
  switch (node.type) {
    case "struct_item":
    case "union_item":
      return body?.type === "field_declaration_list" ? fields(body) : [];
    case "enum_item":
      return namedChildrenOf(body).flatMap((v) =>
        v.type === "enum_variant" ? declare(fieldText(v, "name"), "variant", v) : [],
      );
    case "trait_item":
      return items(body, "trait");
    case "mod_item":
      return items(body);
    case "const_item":
    case "static_item":
      return structFields(node.childForFieldName("value"));
    default:
      return [];
  }
}

function fields(list: Node): Declared[] {
  return namedChildrenOf(list).flatMap((f) =>
    f.type === "field_declaration" ? declare(fieldText(f, "name"), "field", f) : [],
  );
}

/** A struct expression's fields as members (`DEFAULTS.port` in `const DEFAULTS: Config =
 *  Config { port: 8080 }`), nested struct expressions' fields under theirs. */
function structFields(value: Node | null): Declared[] {
  if (value?.type !== "struct_expression") return [];
  return namedChildrenOf(value.childForFieldName("body")).flatMap((f) =>
    f.type === "field_initializer"
      ? declare(fieldText(f, "field"), "property", f, structFields(f.childForFieldName("value")))
      : f.type === "shorthand_field_initializer"
        ? declare(f.text, "property", f)
        : [],
  );
}

/** The type an impl block is for: `Point`, `Wrapper<T>`, `fmt::Formatter` → its last name. */
function typeName(type: Node | null): string | undefined {
  let node = type;
  while (node && (node.type === "generic_type" || node.type === "reference_type"))
    node = node.childForFieldName("type");
  if (node?.type === "scoped_type_identifier") node = node.childForFieldName("name");
  return node?.type === "type_identifier" ? node.text : undefined;
}
