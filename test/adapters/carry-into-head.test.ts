import { describe, expect, it } from "vitest";
import { parseRawCommit } from "../../src/adapters/git/carry-into-head.js";

const TREE = "4b825dc642cb6eb9a060e54bf8d69288fbee4904";
const P1 = "1".repeat(40);
const P2 = "2".repeat(40);

describe("parseRawCommit (what carryIntoHead copies)", () => {
  it("reads a merge commit's tree, parents, signatures and message byte for byte", () => {
    const message = "Merge branch 'feat'\n\nbody  with  spaces\n\n";
    const text = `tree ${TREE}\nparent ${P1}\nparent ${P2}\nauthor Ana Souza <ana@example.com> 1767225600 +0100\ncommitter A <a@x> 1767225601 -0230\n\n${message}`;
    expect(parseRawCommit(text)).toEqual({
      tree: TREE,
      parents: [P1, P2],
      author: {
        name: "Ana Souza",
        email: "ana@example.com",
        timestamp: 1767225600,
        offset: "+0100",
      },
      committer: { name: "A", email: "a@x", timestamp: 1767225601, offset: "-0230" },
      message,
    });
  });

  it("refuses a commit with a header a copy would lose (a signature, a merged tag, an encoding)", () => {
    const head = `tree ${TREE}\nparent ${P1}\nauthor A <a@x> 1 +0000\ncommitter A <a@x> 1 +0000\n`;
    for (const extra of [
      "gpgsig -----BEGIN PGP SIGNATURE-----\n \n x\n -----END PGP SIGNATURE-----\n",
      "mergetag object 1111\n type commit\n",
      "encoding ISO-8859-1\n",
    ])
      expect(parseRawCommit(`${head}${extra}\nmessage\n`)).toBeUndefined();
    expect(parseRawCommit(`${head}\nmessage\n`)?.message).toBe("message\n");
  });
});
