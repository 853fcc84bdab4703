import { describe, expect, it } from "vitest";
import { cutAtWord, slugOf } from "../../../src/app/adr/slug.js";

describe("file slugs", () => {
  it("transliterate non-Latin and accented titles instead of falling back to an id", async () => {
    expect(await slugOf("Сессии переживают отказ IdP", "x")).toBe("sessii-perezhivayut-otkaz-idp");
    expect(await slugOf("Décisions à prendre: ça marche", "x")).toBe(
      "decisions-a-prendre-ca-marche",
    );
    expect(await slugOf("Decisões de sessão", "x")).toBe("decisoes-de-sessao");
    expect(await slugOf("事件日志只追加", "x")).toBe("shi-jian-ri-zhi-zhi-zhui-jia");
    expect(await slugOf("adrift's hooks", "x")).toBe("adrifts-hooks");
    expect(await slugOf("🚀 ✨", "draft-01j")).toBe("draft-01j");
  });

  it("cut long titles at a word boundary, never mid-word", async () => {
    const slug = await slugOf(
      "A record is never reported stale only because its basis revision is missing after a force-push",
      "x",
    );
    expect(slug).toBe("a-record-is-never-reported-stale-only-because-its-basis");
    expect(slug.length).toBeLessThanOrEqual(60);
    expect(cutAtWord("short")).toBe("short");
    expect(cutAtWord("a".repeat(70))).toHaveLength(60);
  });
});
