// The members of TypeScript and JavaScript declarations: a class's methods and fields, an
// interface's or object type's properties, an enum's members, an object literal's keys, and
// what a value (`const x = …`) declares.
import type { Node } from "../../../vendor/tree-sitter.js";
import { type Declared, declare, keyText, namedChildrenOf } from "./declared.js";

const FUNCTIONS = new Set([
  "arrow_function",
  "function_expression",
  "function",
  "generator_function",
]);

const WRAPPERS = new Set([
  "as_expression",
  "satisfies_expression",
  "parenthesized_expression",
  "type_assertion",
]);

/** What a value declares: its kind, and the members of an object literal or a class. The
 *  expression inside `{…} as const`, `{…} satisfies T` and `({…})` is the value. */
export function valueShape(value: Node | null): { kind: string; members: Declared[] } {
  if (!value) return { kind: "variable", members: [] };
  let node = value;
  let type = node.type;
  while (WRAPPERS.has(type)) {
    const first = node.namedChildren.find((c) => c !== null && c.type !== "type_arguments");
    if (!first) break;
    node = first;
    type = node.type;
  }
  if (FUNCTIONS.has(type)) return { kind: "function", members: [] };
  if (type === "class")
    return { kind: "class", members: classMembers(node.childForFieldName("body")) };
  if (type === "object") return { kind: "variable", members: objectMembers(node) };
  return { kind: "variable", members: [] };
}

/** An object literal's keys: properties, methods, shorthand properties, nested objects. */
function objectMembers(object: Node): Declared[] {
  return namedChildrenOf(object).flatMap((m) => {
    switch (m.type) {
      case "pair": {
        const { kind, members } = valueShape(m.childForFieldName("value"));
        // an object's key: a method when it holds a function, else a property
        const memberKind = kind === "function" ? "method" : kind === "variable" ? "property" : kind;
        return declare(keyText(m.childForFieldName("key")), memberKind, m, members);
      }
      case "method_definition":
        return declare(keyText(m.childForFieldName("name")), "method", m);
      case "shorthand_property_identifier":
        return declare(m.text, "property", m);
      default:
        return [];
    }
  });
}

/** A class body's methods (overload signatures included) and fields. */
export function classMembers(body: Node | null): Declared[] {
  return namedChildrenOf(body).flatMap((m) => {
    switch (m.type) {
      case "method_definition":
      case "method_signature":
      case "abstract_method_signature":
        return declare(keyText(m.childForFieldName("name")), "method", m);
      case "public_field_definition":
        return declare(keyText(m.childForFieldName("name")), "field", m);
      case "field_definition":
        return declare(keyText(m.childForFieldName("property")), "field", m);
      default:
        return [];
    }
  });
}

/** An interface body's or object type's properties and methods, nested object types too. */
export function typeMembers(body: Node | null): Declared[] {
  if (!body || !["interface_body", "object_type"].includes(body.type)) return [];
  return namedChildrenOf(body).flatMap((m) => {
    switch (m.type) {
      case "property_signature":
        return declare(
          keyText(m.childForFieldName("name")),
          "property",
          m,
          typeMembers(m.childForFieldName("type")?.namedChildren[0] ?? null),
        );
      case "method_signature":
        return declare(keyText(m.childForFieldName("name")), "method", m);
      default:
        return [];
    }
  });
}

/** An enum body's members. */
export function enumMembers(body: Node | null): Declared[] {
  return namedChildrenOf(body).flatMap((m) =>
    m.type === "enum_assignment"
      ? declare(keyText(m.childForFieldName("name")), "member", m)
      : m.type === "property_identifier" || m.type === "string"
        ? declare(keyText(m), "member", m)
        : [],
  );
}
