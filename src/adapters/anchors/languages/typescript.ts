// The declarations of TypeScript, TSX and JavaScript files: functions, classes and their
// members, interfaces and type aliases with their members, enums, namespaces, and top-level
// variables (an object literal's keys are its members: `config.port`).
import type { Node } from "../../../vendor/tree-sitter.js";
import { type Declared, declare, fieldText, keyText, namedChildrenOf } from "./declared.js";

/** The declarations of a TypeScript/TSX/JavaScript program. */
export function walkTypeScript(root: Node): Declared[] {
  return statements(root);
}

function statements(block: Node | null): Declared[] {
  return namedChildrenOf(block).flatMap((s) => statement(s, s));
}

/** The declarations of one statement; `unit` is the node its tokens are read from. */
function statement(node: Node, unit: Node): Declared[] {
  switch (node.type) {
    case "export_statement": {
      const declaration = node.childForFieldName("declaration");
      if (declaration) return statement(declaration, unit);
      const value = node.childForFieldName("value");
      if (value)
        return declare(
          fieldText(value, "name") ?? "default",
          kindOfValue(value),
          unit,
          membersOfValue(value),
        );
      return [];
    }
    case "ambient_declaration":
      return namedChildrenOf(node).flatMap((c) => statement(c, unit));
    case "expression_statement":
      return namedChildrenOf(node).flatMap((c) =>
        c.type === "internal_module"
          ? statement(c, unit)
          : c.type === "assignment_expression"
            ? commonJsExport(c, unit)
            : [],
      );
    case "function_declaration":
    case "generator_function_declaration":
    case "function_signature":
      return declare(fieldText(node, "name"), "function", unit);
    case "class_declaration":
    case "abstract_class_declaration":
    case "class":
      return declare(
        fieldText(node, "name"),
        "class",
        unit,
        classMembers(node.childForFieldName("body")),
      );
    case "interface_declaration":
      return declare(
        fieldText(node, "name"),
        "interface",
        unit,
        typeMembers(node.childForFieldName("body")),
      );
    case "type_alias_declaration":
      return declare(
        fieldText(node, "name"),
        "type",
        unit,
        typeMembers(node.childForFieldName("value")),
      );
    case "enum_declaration":
      return declare(
        fieldText(node, "name"),
        "enum",
        unit,
        enumMembers(node.childForFieldName("body")),
      );
    case "internal_module":
    case "module":
      return declare(
        keyText(node.childForFieldName("name")),
        "namespace",
        unit,
        statements(node.childForFieldName("body")),
      );
    case "lexical_declaration":
    case "variable_declaration": {
      const declarators = namedChildrenOf(node).filter((c) => c.type === "variable_declarator");
      return declarators.flatMap((d) => {
        const value = d.childForFieldName("value");
        const name = d.childForFieldName("name");
        if (name?.type !== "identifier") return [];
        return declare(
          name.text,
          value ? kindOfValue(value) : "variable",
          declarators.length === 1 ? unit : d,
          value ? membersOfValue(value) : [],
        );
      });
    }
    default:
      return [];
  }
}

/** CommonJS: `exports.x = …` and `module.exports.x = …` name `x`; `module.exports = …` is the
 *  module's `default`, as an ES default export is. */
function commonJsExport(assignment: Node, unit: Node): Declared[] {
  const left = assignment.childForFieldName("left");
  const value = assignment.childForFieldName("right");
  if (!left || !value) return [];
  const target = left.text;
  const name =
    target === "module.exports"
      ? "default"
      : left.type === "member_expression" &&
          ["exports", "module.exports"].includes(left.childForFieldName("object")?.text ?? "")
        ? left.childForFieldName("property")?.text
        : undefined;
  return name === undefined ? [] : declare(name, kindOfValue(value), unit, membersOfValue(value));
}

const FUNCTIONS = new Set([
  "arrow_function",
  "function_expression",
  "function",
  "generator_function",
]);

function kindOfValue(value: Node): string {
  const inner = unwrap(value);
  if (FUNCTIONS.has(inner.type)) return "function";
  if (inner.type === "class") return "class";
  return "variable";
}

/** `{…} as const`, `{…} satisfies T`, `({…})`: the expression inside. */
function unwrap(value: Node): Node {
  let node = value;
  while (
    [
      "as_expression",
      "satisfies_expression",
      "parenthesized_expression",
      "type_assertion",
    ].includes(node.type)
  ) {
    const first = node.namedChildren.find((c) => c !== null && c.type !== "type_arguments");
    if (!first) break;
    node = first;
  }
  return node;
}

function membersOfValue(value: Node): Declared[] {
  const inner = unwrap(value);
  if (inner.type === "object") return objectMembers(inner);
  if (inner.type === "class") return classMembers(inner.childForFieldName("body"));
  return [];
}

function objectMembers(object: Node): Declared[] {
  return namedChildrenOf(object).flatMap((m) => {
    switch (m.type) {
      case "pair": {
        const value = m.childForFieldName("value");
        return declare(
          keyText(m.childForFieldName("key")),
          memberKind(value),
          m,
          value ? membersOfValue(value) : [],
        );
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

function classMembers(body: Node | null): Declared[] {
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

function typeMembers(body: Node | null): Declared[] {
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

function enumMembers(body: Node | null): Declared[] {
  return namedChildrenOf(body).flatMap((m) =>
    m.type === "enum_assignment"
      ? declare(keyText(m.childForFieldName("name")), "member", m)
      : m.type === "property_identifier" || m.type === "string"
        ? declare(keyText(m), "member", m)
        : [],
  );
}

/** An object key's kind: `method` for a function value, else `property`. */
function memberKind(value: Node | null): string {
  const kind = value ? kindOfValue(value) : "property";
  return kind === "function" ? "method" : kind === "variable" ? "property" : kind;
}
