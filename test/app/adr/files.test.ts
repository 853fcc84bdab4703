import { describe, expect, it } from "vitest";
import {
  editFrontMatter,
  isUnedited,
  readFrontMatter,
  setKey,
  stampHash,
} from "../../../src/app/adr/front-matter.js";
import { rewriteLinks, rewriteTitleNumber } from "../../../src/core/adr/links.js";
import { INDEX_END, INDEX_START, spliceIndex } from "../../../src/core/render/adr-index.js";

describe("front matter", () => {
  it("edits keep comments, quoting and key order", () => {
    const text = `---\n# reviewed\ntitle: 'Use one DB' # short\nstatus: "proposed"\ntags: [a, b]\n---\n# Body\n`;
    const out = editFrontMatter(text, "x.md", (doc) => {
      setKey(doc, "status", "accepted");
      setKey(doc, "tags", ["a", "b", "c"]);
      setKey(doc, "date", "2026-01-01");
    });
    expect(out).toBe(
      `---\n# reviewed\ntitle: 'Use one DB' # short\nstatus: "accepted"\ntags: [ a, b, c ]\ndate: 2026-01-01\n---\n# Body\n`,
    );
    expect(readFrontMatter(out, "x.md").data).toMatchObject({
      title: "Use one DB",
      status: "accepted",
    });
  });

  it("parses the same text twice afresh, and YAML 1.2 keeps dates as text", () => {
    const text = "---\ndate: 2026-01-01\nstatus: on\n---\n";
    const first = readFrontMatter(text, "a.md");
    first.data.status = "mutated";
    expect(readFrontMatter(text, "a.md").data).toEqual({ date: "2026-01-01", status: "on" });
  });

  it("notices any edit of a stamped file, and no edit of an untouched one", () => {
    const stamped = stampHash("---\nid: X\n---\n\n# T\n");
    expect(isUnedited(stamped)).toBe(true);
    expect(isUnedited(stamped.replace("\n", "\r\n"))).toBe(true);
    expect(isUnedited(stamped.replace("# T", "# T!"))).toBe(false);
    expect(isUnedited("---\nid: X\n---\n")).toBe(false);
  });

  it("refuses broken YAML with validation_failed", () => {
    expect(() => readFrontMatter("---\na: [\n---\n", "b.md")).toThrow(
      expect.objectContaining({ code: "validation_failed" }),
    );
  });
});

describe("links and the index", () => {
  it("rewrites links to a renumbered file and nothing else", () => {
    const text = [
      "[a](0007-x.md) [b](./0007-x.md#c) [c](docs/adr/0007-x.md) [d](0007-x.md.bak) [e](10007-x.md)",
      "[ref]: 0007-x.md",
      "plain 0007-x.md stays",
    ].join("\n");
    expect(rewriteLinks(text, "0007-x.md", "0009-x.md")).toBe(
      [
        "[a](0009-x.md) [b](./0009-x.md#c) [c](docs/adr/0009-x.md) [d](0007-x.md.bak) [e](10007-x.md)",
        "[ref]: 0009-x.md",
        "plain 0007-x.md stays",
      ].join("\n"),
    );
  });

  it("renumbers the title of a moved adr-tools or prefixed file, and only its own number", () => {
    expect(rewriteTitleNumber("# 7. Use X\n\n# 7. again\n", 7, 9)).toBe(
      "# 9. Use X\n\n# 7. again\n",
    );
    expect(rewriteTitleNumber("# ADR-0007: Use X\n", 7, 12)).toBe("# ADR-0012: Use X\n");
    expect(rewriteTitleNumber("# 17. Use X\n", 7, 9)).toBe("# 17. Use X\n");
    expect(rewriteTitleNumber("# Use X\n", 7, 9)).toBe("# Use X\n");
  });

  it("keeps hand-written text around the markers", () => {
    const before = `# Log\n\nintro\n\n${INDEX_START}\nold\n${INDEX_END}\n\noutro\n`;
    const after = spliceIndex(before, "| new |\n");
    expect(after).toBe(`# Log\n\nintro\n\n${INDEX_START}\n\n| new |\n\n${INDEX_END}\n\noutro\n`);
    // A file without the markers is a person's: never appended to.
    expect(spliceIndex("mine\n", "t\n")).toBeUndefined();
    expect(spliceIndex(undefined, "t\n")).toContain(INDEX_START);
  });
});
