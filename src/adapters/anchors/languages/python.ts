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
      const keys = dictionaryKeys(assignment.childForFieldName("right"));
      return targets(assignment.childForFieldName("left")).flatMap((name) =>
        declare(name, inClass ? "field" : "variable", unit, keys),
      );
    }
    default:
      return [];
  }
}

/** A dictionary literal's string keys as members (`SETTINGS.timeout`), nested ones too. */
function dictionaryKeys(value: Node | null): Declared[] {
  if (value?.type !== "dictionary") return [];
  return namedChildrenOf(value).flatMap((pair) => {
    if (pair.type !== "pair") return [];
    const key = pair.childForFieldName("key");
    if (key?.type !== "string") return [];
    const parts = namedChildrenOf(key);
    // a plain string: its quotes and one content, no interpolation or escape
    const content = parts.length === 3 ? parts[1] : parts.length === 2 ? undefined : null;
    if (content === null || (content && content.namedChildCount > 0)) return [];
    return declare(
      content?.text ?? "",
      "property",
      pair,
      dictionaryKeys(pair.childForFieldName("value")),
    );
  });
}

/** The names an assignment binds: `x`, `a, b`, `(a, b)`; attributes and subscripts bind none. */
function targets(left: Node | null): string[] {
  if (!left) return [];
  if (left.type === "identifier") return [left.text];
  if (["pattern_list", "tuple_pattern", "list_pattern"].includes(left.type))
    return namedChildrenOf(left).flatMap(targets);
  return [];
}
