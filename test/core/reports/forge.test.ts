import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  encodePath,
  forgeFromEnv,
  forgeFromRemote,
  forgeLinks,
} from "../../../src/core/reports/forge.js";
import { propertyOptions } from "../../support/property.js";

const GITHUB = { kind: "github", url: "https://github.com/acme/shop" };

describe("forgeFromRemote", () => {
  it.each([
    ["https://github.com/acme/shop.git", GITHUB],
    ["https://github.com/acme/shop", GITHUB],
    ["https://github.com/acme/shop/", GITHUB],
    ["https://x-access-token:ghs_secret@github.com/acme/shop.git", GITHUB],
    ["git@github.com:acme/shop.git", GITHUB],
    ["github.com:acme/shop", GITHUB],
    ["ssh://git@github.com/acme/shop.git", GITHUB],
    ["ssh://git@github.com:22/acme/shop.git", GITHUB],
    ["git://github.com/acme/shop.git", GITHUB],
    ["https://GitHub.com/acme/shop.git", GITHUB],
    [
      "https://github.acme-corp.com/team/app.git",
      { kind: "github", url: "https://github.acme-corp.com/team/app" },
    ],
    ["https://gitlab.com/group/shop.git", { kind: "gitlab", url: "https://gitlab.com/group/shop" }],
    [
      "git@gitlab.example.com:group/sub/shop.git",
      { kind: "gitlab", url: "https://gitlab.example.com/group/sub/shop" },
    ],
    [
      "ssh://git@gitlab.example.com:2222/group/sub/shop.git",
      { kind: "gitlab", url: "https://gitlab.example.com/group/sub/shop" },
    ],
    [
      "https://gitlab.example.com:8443/group/shop",
      { kind: "gitlab", url: "https://gitlab.example.com:8443/group/shop" },
    ],
  ])("%s", (remote, expected) => {
    expect(forgeFromRemote(remote)).toEqual(expected);
  });

  it.each([
    "",
    "/srv/git/shop.git",
    "file:///srv/git/shop.git",
    "https://bitbucket.org/acme/shop.git",
    "https://github.com/acme",
    "https://github.com/acme/shop/extra",
    "https://github.com/acme/sh op",
    "https://github.com/acme/../shop",
    "https://github.com/acme/shop)](javascript:alert(1)",
    "https://github.com/acme/sh\nop",
    "git@github.com:acme/shop.git\nx",
    "https://evil.com/github.com/acme/shop",
  ])("gives no forge for %j", (remote) => {
    expect(forgeFromRemote(remote)).toBeUndefined();
  });

  it("never throws, and any forge it gives is a plain https origin with safe segments", () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 80 }),
        fc.constantFrom("", "git@", "https://", "ssh://git@"),
        (tail, lead) => {
          const forge = forgeFromRemote(`${lead}${tail}`);
          if (forge)
            expect(forge.url).toMatch(/^https?:\/\/[a-z0-9.-]+(:\d+)?(\/[A-Za-z0-9_.~-]+){2,}$/);
        },
      ),
      propertyOptions(),
    );
  });
});

describe("forgeFromEnv", () => {
  it("reads GitHub Actions and GitLab CI", () => {
    expect(
      forgeFromEnv({ GITHUB_SERVER_URL: "https://github.com", GITHUB_REPOSITORY: "acme/shop" }),
    ).toEqual(GITHUB);
    expect(forgeFromEnv({ CI_PROJECT_URL: "https://gitlab.example.com/group/sub/shop" })).toEqual({
      kind: "gitlab",
      url: "https://gitlab.example.com/group/sub/shop",
    });
    expect(
      forgeFromEnv({ CI_SERVER_URL: "https://gitlab.com/", CI_PROJECT_PATH: "group/shop" }),
    ).toEqual({ kind: "gitlab", url: "https://gitlab.com/group/shop" });
    expect(forgeFromEnv({})).toBeUndefined();
    expect(
      forgeFromEnv({ GITHUB_SERVER_URL: "javascript:alert(1)", GITHUB_REPOSITORY: "acme/shop" }),
    ).toBeUndefined();
    expect(
      forgeFromEnv({ GITHUB_SERVER_URL: "https://github.com", GITHUB_REPOSITORY: "acme/a/b" }),
    ).toBeUndefined();
  });
});

describe("forgeLinks", () => {
  const sha = "0123456789abcdef0123456789abcdef01234567";
  it("builds GitHub and GitLab shapes, every path segment encoded", () => {
    const gh = forgeLinks({ kind: "github", url: "https://github.com/acme/shop" });
    expect(gh.commit(sha)).toBe(`https://github.com/acme/shop/commit/${sha}`);
    expect(gh.file("src/a b/(x).ts", sha, 12)).toBe(
      `https://github.com/acme/shop/blob/${sha}/src/a%20b/%28x%29.ts#L12`,
    );
    const gl = forgeLinks({ kind: "gitlab", url: "https://gitlab.com/g/shop" });
    expect(gl.commit(sha)).toBe(`https://gitlab.com/g/shop/-/commit/${sha}`);
    expect(gl.file(".decisions/log/x.events.ndjson", sha, 3)).toBe(
      `https://gitlab.com/g/shop/-/blob/${sha}/.decisions/log/x.events.ndjson#L3`,
    );
  });

  it("leaves no character in a path that Markdown or a URL would read as syntax", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (path) => {
        expect(encodePath(path)).toMatch(/^[A-Za-z0-9_.~%/-]*$/);
      }),
      propertyOptions(),
    );
  });
});
