// The declarations of TypeScript, TSX and JavaScript files: functions, classes and their
// members, interfaces and type aliases with their members, enums, namespaces, and top-level
// variables (an object literal's keys are its members: `config.port`).
import type { Node } from "../../../vendor/tree-sitter.js";
import { type Declared, declare, fieldText, keyText, namedChildrenOf } from "./declared.js";
import { classMembers, enumMembers, typeMembers, valueShape } from "./typescript-members.js";

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
      if (value) {
        const { kind, members } = valueShape(value);
        return declare(fieldText(value, "name") ?? "default", kind, unit, members);
      }
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
        const { kind, members } = valueShape(value);
        return declare(name.text, kind, declarators.length === 1 ? unit : d, members);
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
  if (name === undefined) return [];
  const { kind, members } = valueShape(value);
  return declare(name, kind, unit, members);
}
