// The declarations of Python files: functions, classes with their methods, class attributes and
// nested classes, top-level assignments and type aliases. A decorated definition is read with
// its decorators.
import type { Node } from "../../../vendor/tree-sitter.js";
import { type Declared, declare, fieldText, namedChildrenOf } from "./declared.js";

/** The declarations of a Python module. */
export function walkPython(root: Node): Declared[] {
  return block(root, false);
}

function block(node: Node | null, inClass: boolean): Declared[] {
  return namedChildrenOf(node).flatMap((s) => statement(s, s, inClass));
}

function statement(node: Node, unit: Node, inClass: boolean): Declared[] {
  switch (node.type) {
    case "decorated_definition": {
      const definition = node.childForFieldName("definition");
      return definition ? statement(definition, unit, inClass) : [];
    }
    case "function_definition":
      return declare(fieldText(node, "name"), inClass ? "method" : "function", unit);
    case "class_definition":
      return declare(
        fieldText(node, "name"),
        "class",
        unit,
        block(node.childForFieldName("body"), true),
      );
    case "type_alias_statement":
      return declare(node.childForFieldName("left")?.text, "type", unit);
    case "expression_statement": {
      const assignment = node.namedChildren[0];
      if (assignment?.type !== "assignment") return [];
      return targets(assignment.childForFieldName("left")).flatMap((name) =>
        declare(name, inClass ? "field" : "variable", unit),
      );
    }
    default:
      return [];
  }
}

/** The names an assignment binds: `x`, `a, b`, `(a, b)`; attributes and subscripts bind none. */
function targets(left: Node | null): string[] {
  if (!left) return [];
  if (left.type === "identifier") return [left.text];
  if (["pattern_list", "tuple_pattern", "list_pattern"].includes(left.type))
    return namedChildrenOf(left).flatMap(targets);
  return [];
}
