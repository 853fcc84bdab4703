import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readFrontMatter } from "../../src/app/adr/front-matter.js";
import { makeRepo, type TestRepo } from "../support/repo.js";

type Draft = {
  path: string;
  title: string;
  cluster: string;
  record_ids: string[];
  language: string;
};
type Waiting = { record_id: string; reason: string };

/** A record with every field (`--chosen` and the rest), or only what `fields` gives. */
function record(
  repo: TestRepo,
  kind: "intent" | "decision",
  fields: Record<string, string | string[]>,
) {
  const args = Object.entries(fields).flatMap(([flag, value]) =>
    (Array.isArray(value) ? value : [value]).flatMap((v) => [`--${flag}`, v]),
  );
  return repo.adriftJson<{ id: string }>([kind, "record", ...args]).id;
}

const complete = (
  outcome: string,
  trigger: string,
  chosen: string,
  rationale: string,
  considered: string,
  more: Record<string, string | string[]> = {},
) => ({ outcome, trigger, chosen, rationale, considered, ...more });

/** EN, RU and PT worklines, loose records, an answered question: 21 records, 3 incomplete, 1 superseded. */
function scenario() {
  const repo = makeRepo();
  for (const f of ["src/auth/a.ts", "src/http/s.ts", "src/pay/bank.ts", "src/pay/retry.ts"])
    repo.write(f, "x\n");
  for (const f of ["db/pool.ts", "db/config.ts", "lib/log.ts", "docs/x.md"]) repo.write(f, "x\n");
  repo.commit("code");
  const ids: Record<string, string> = {};
  const en = repo.adriftJson<{ id: string }>([
    "workline",
    "open",
    "Sessions survive IdP outages",
  ]).id;
  ids.en1 = record(
    repo,
    "intent",
    complete(
      "Sessions outlive an IdP outage",
      "Logins failed for 40 minutes when the IdP was down during a sale",
      "Cache validated sessions for 24 hours",
      "cheapest option that keeps users signed in",
      "Extend token lifetime :: tokens could not be revoked",
      {
        constraints: "No PII in the cache",
        validation: "A chaos test blocks the IdP for an hour",
        path: "src/auth/",
      },
    ),
  );
  ids.en2 = record(
    repo,
    "decision",
    complete(
      "Sessions are checked locally",
      "The IdP is slow under load",
      "Verify the signature locally",
      "no call to the IdP per request",
      "Ask the IdP each time :: it is what fails",
      { path: "src/auth/a.ts" },
    ),
  );
  ids.en3 = record(
    repo,
    "decision",
    complete(
      "Banner when IdP degraded",
      "Users did not know why login failed",
      "Status banner fed by the health check",
      "users see the cause at once",
      "Email users :: too slow",
      { path: "src/http/s.ts", "side-effect": "One more call to the health endpoint per page" },
    ),
  );
  ids.en4 = record(repo, "intent", {
    outcome: "Refresh tokens in the background",
    trigger: "Tokens expire mid-session",
  });
  const q = repo.adriftJson<{ id: string }>([
    "question",
    "ask",
    "Should the banner show on the admin pages too?",
  ]).id;
  ids.answer = repo.adriftJson<{ decision_id: string }>([
    "question",
    "answer",
    q,
    "--answer",
    "ok",
  ]).decision_id;
  repo.adriftJson(["workline", "park"]);
  const ru = repo.adriftJson<{ id: string }>([
    "workline",
    "open",
    "Платежи не теряются при сбое банка",
  ]).id;
  ids.ru1 = record(
    repo,
    "decision",
    complete(
      "Повторять платёж при таймауте банка",
      "Банк отвечает таймаутом в часы пик",
      "Очередь повторов с экспоненциальной задержкой",
      "не теряем платежи и не перегружаем банк",
      "Повторять сразу :: перегружает банк",
      {
        constraints: "Не списывать деньги дважды",
        validation: "Нагрузочный тест с отказом банка",
        path: "src/pay/retry.ts",
      },
    ),
  );
  ids.ru2 = record(
    repo,
    "decision",
    complete(
      "Идемпотентные ключи платежей",
      "Повторы могут списать деньги дважды",
      "Ключ идемпотентности на каждый платёж",
      "банк отбрасывает повторы с тем же ключом",
      "Проверять дубликаты вручную :: медленно и ненадёжно",
      { path: "src/pay/bank.ts" },
    ),
  );
  ids.ru3 = record(
    repo,
    "decision",
    complete(
      "Журнал платежей в базе",
      "Нужно знать судьбу каждого платежа",
      "Таблица журнала",
      "просто и надёжно",
      "Файлы журнала :: теряются при сбое",
    ),
  );
  ids.ru4 = record(
    repo,
    "decision",
    complete(
      "Журнал платежей в очереди событий",
      "Таблица журнала растёт слишком быстро",
      "Поток событий",
      "масштабируется",
      "Таблица журнала :: растёт слишком быстро",
    ),
  );
  repo.adriftJson(["decision", "supersede", ids.ru3, "--by", ids.ru4]);
  ids.ru5 = record(repo, "intent", {
    outcome: "Уведомлять пользователя о задержке платежа",
    trigger: "Пользователи жалуются на неизвестный статус",
  });
  ids.ru6 = record(
    repo,
    "decision",
    complete(
      "Сверка с банком раз в сутки",
      "Расхождения находят слишком поздно",
      "Ночная сверка",
      "банк отдаёт выписку раз в сутки",
      "Сверка в реальном времени :: банк её не поддерживает",
    ),
  );
  repo.adriftJson(["workline", "close"]);
  const pt = repo.adriftJson<{ id: string }>([
    "workline",
    "open",
    "Pool de conexões do banco de dados sob carga",
  ]).id;
  ids.pt1 = record(
    repo,
    "decision",
    complete(
      "O pool não esgota em picos de carga",
      "O banco recusou conexões durante a promoção",
      "Limite de 50 conexões com fila de espera",
      "mantém o banco estável sem derrubar pedidos",
      "Sem limite :: derruba o banco",
      {
        constraints: "O banco aceita no máximo 100 conexões",
        validation: "Teste de carga com 2000 usuários",
        path: "db/pool.ts",
      },
    ),
  );
  ids.pt2 = record(
    repo,
    "decision",
    complete(
      "Tempo limite de consulta de 5 segundos",
      "Consultas lentas prendem conexões",
      "Tempo limite por consulta",
      "libera conexões presas",
      "Sem tempo limite :: conexões ficam presas",
      { path: "db/config.ts" },
    ),
  );
  ids.pt3 = record(
    repo,
    "decision",
    complete(
      "Réplica de leitura para relatórios",
      "Relatórios pesados disputam conexões com os pedidos",
      "Réplica de leitura",
      "separa a carga dos relatórios",
      "Horário noturno para relatórios :: os gerentes precisam deles de dia",
    ),
  );
  ids.pt4 = record(
    repo,
    "decision",
    complete(
      "Métricas do pool no painel",
      "Ninguém via o pool se esgotar",
      "Exportar métricas do pool",
      "o alerta chega antes da queda",
      "Olhar os logs :: tarde demais",
      { path: "db/pool.ts" },
    ),
  );
  repo.adriftJson(["workline", "close"]);
  const rate = repo.adriftJson<{ id: string }>([
    "workline",
    "open",
    "Rate limits for the public API",
  ]).id;
  ids.rate1 = record(repo, "intent", {
    outcome: "The public API survives a scraper",
    trigger: "A scraper took the API down",
  });
  repo.adriftJson(["workline", "park"]);
  ids.log1 = record(
    repo,
    "decision",
    complete(
      "Logs are JSON lines",
      "Logs could not be searched",
      "JSON lines",
      "every tool reads them",
      "Plain text :: cannot be parsed",
      { path: "lib/log.ts" },
    ),
  );
  ids.log2 = record(
    repo,
    "decision",
    complete(
      "Log timestamps are UTC",
      "Times from two regions disagreed",
      "UTC ISO 8601",
      "one clock for all",
      "Local time :: ambiguous",
      { path: "lib/log.ts" },
    ),
  );
  ids.alone = record(
    repo,
    "decision",
    complete(
      "Docs say which Node versions work",
      "Users asked",
      "A table in the docs",
      "easy to find",
      "A FAQ entry :: nobody reads it",
      { path: "docs/x.md" },
    ),
  );
  ids.broad = record(
    repo,
    "decision",
    complete(
      "Source files are UTF-8",
      "A file in Latin-1 broke the build",
      "UTF-8 everywhere",
      "every tool expects it",
      "Per-file encodings :: tools guess wrong",
      { path: "src/" },
    ),
  );
  return { repo, ids, worklines: { en, ru, pt, rate } };
}

const ENGLISH_SCAFFOLDING = [
  "Context and Problem Statement",
  "Decision Drivers",
  "Considered Options",
  "Decision Outcome",
  "Consequences",
  "Confirmation",
  "Pros and Cons",
  "Provenance",
  "Chosen option",
  "Good:",
  "Bad:",
  "because",
  "incomplete",
  "intent card",
  "decision,",
  "Depends on",
  "records are",
];

describe("adr draft on a realistic repository (EN, RU, PT worklines)", () => {
  // Built once: the second case goes on from the drafts of the first.
  const { repo, ids, worklines } = scenario();

  it("one draft per workline titled by its question, unique titles, no draft without a decision, no English in RU/PT drafts", () => {
    const { drafts, waiting } = repo.adriftJson<{ drafts: Draft[]; waiting: Waiting[] }>([
      "adr",
      "draft",
    ]);
    const byCluster = Object.fromEntries(drafts.map((d) => [d.cluster, d]));
    expect(Object.keys(byCluster).sort()).toEqual(
      [
        `paths:${ids.log1}`,
        `workline:${worklines.en}`,
        `workline:${worklines.pt}`,
        `workline:${worklines.ru}`,
      ].sort(),
    );
    // One workline, one draft, every live record of it, titled by the workline.
    expect(byCluster[`workline:${worklines.en}`]).toMatchObject({
      title: "Sessions survive IdP outages",
      record_ids: [ids.en1, ids.en2, ids.en3, ids.en4, ids.answer],
      language: "en",
    });
    expect(byCluster[`workline:${worklines.ru}`]).toMatchObject({
      title: "Платежи не теряются при сбое банка",
      record_ids: [ids.ru1, ids.ru2, ids.ru4, ids.ru5, ids.ru6],
      language: "ru",
    });
    expect(byCluster[`workline:${worklines.pt}`]).toMatchObject({
      title: "Pool de conexões do banco de dados sob carga",
      record_ids: [ids.pt1, ids.pt2, ids.pt3, ids.pt4],
      language: "pt",
    });
    expect(byCluster[`paths:${ids.log1}`]!.record_ids).toEqual([ids.log1, ids.log2]);
    const titles = drafts.map((d) => d.title.toLowerCase());
    expect(new Set(titles).size).toBe(titles.length);
    expect(titles).not.toContain("ok");
    // The workline with only an incomplete card, the lone record and the one on src/ wait.
    expect(waiting).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ record_id: ids.rate1, reason: "undecided" }),
        expect.objectContaining({ record_id: ids.alone, reason: "alone" }),
        expect.objectContaining({ record_id: ids.broad, reason: "alone" }),
      ]),
    );
    expect(waiting).toHaveLength(3);
    const outcomeHeading = {
      en: "## Decision Outcome",
      ru: "## Принятое решение",
      pt: "## Resultado da Decisão",
    };
    for (const d of drafts) {
      const text = readFileSync(path.join(repo.dir, d.path), "utf8");
      const body = readFrontMatter(text, d.path).body;
      expect(body, d.title).toContain(outcomeHeading[d.language as "en"]);
      expect(body).not.toMatch(/Nothing recorded|…/);
      // No session ids: the only ids in the body are its records'.
      for (const id of body.match(/\b[0-9A-HJKMNP-TV-Z]{26}\b/g) ?? [])
        expect(d.record_ids).toContain(id);
      if (d.language === "en") continue;
      const prose = body.replace(/`[^`]*`/g, "").replace(/Ana Souza/g, "");
      for (const words of ENGLISH_SCAFFOLDING)
        expect(prose, `${d.language}: ${words}`).not.toContain(words);
      if (d.language === "ru") expect(prose).not.toMatch(/[A-Za-z]/);
    }
    const en = readFileSync(
      path.join(repo.dir, byCluster[`workline:${worklines.en}`]!.path),
      "utf8",
    );
    expect(en).toContain(
      "Asked “Should the banner show on the admin pages too?”, Ana Souza answered: ok.",
    );
    expect(en).toContain("## Decision Drivers\n\n- No PII in the cache.\n");
    // What a record has not decided is named as open, not told as part of the problem.
    expect(en).toContain("- Not decided yet: Refresh tokens in the background.\n");
    expect(en).not.toContain("Tokens expire mid-session");
    const ru = readFileSync(
      path.join(repo.dir, byCluster[`workline:${worklines.ru}`]!.path),
      "utf8",
    );
    expect(ru).toContain("- Ещё не решено: Уведомлять пользователя о задержке платежа.\n");
    expect(en).toContain("- **Bad:** One more call to the health endpoint per page.\n");
    expect(en).toContain(
      "Chosen option: **Cache validated sessions for 24 hours**. Cheapest option that keeps users signed in.",
    );
  });

  it("after an accept, new records of the workline get a draft with a title of their own", () => {
    const { drafts } = repo.adriftJson<{ drafts: Draft[] }>(["adr", "draft"]);
    const en = drafts.find((d) => d.cluster === `workline:${worklines.en}`)!;
    repo.adriftJson(["adr", "accept", en.path]);
    repo.adriftJson(["workline", "activate", worklines.en]);
    record(
      repo,
      "decision",
      complete(
        "Sessions end at logout everywhere",
        "A logout on one device left others signed in",
        "Revocation list checked locally",
        "works while the IdP is down",
        "Short sessions :: users sign in too often",
      ),
    );
    const again = repo.adriftJson<{ drafts: Draft[] }>(["adr", "draft"]).drafts;
    const leftover = again.find((d) => d.cluster === `workline:${worklines.en}`)!;
    expect(leftover.title).toBe("Sessions end at logout everywhere");
    expect(leftover.path).not.toBe(en.path);
    const titles = again.map((d) => d.title);
    expect(titles).not.toContain("Sessions survive IdP outages");
  });
});
