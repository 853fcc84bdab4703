import type { IncompletenessReason } from "../rules/completeness.js";

/** The languages a draft's headings and glue words are written in. */
export const ADR_LANGUAGES = ["en", "ru", "pt"] as const;

/** One of `ADR_LANGUAGES`. */
export type AdrLanguage = (typeof ADR_LANGUAGES)[number];

/** The section headings of a MADR 4 draft, by template name. */
export type AdrHeadings = {
  context: string;
  drivers: string;
  options: string;
  outcome: string;
  consequences: string;
  confirmation: string;
  pros_cons: string;
  more: string;
  provenance: string;
};

/** Everything a draft says in its own words, in one language. */
export type AdrWords = {
  headings: AdrHeadings;
  chosen: string;
  good: string;
  bad: string;
  neutral: string;
  /** `Asked "q", Ana answered: a.` as phrasing parts: before the question, between, after the person */
  asked: (question: string, person: string, answer: string) => string;
  intent: string;
  decision: string;
  superseded: string;
  stale: string;
  incomplete: string;
  reasons: Record<IncompletenessReason["rule"], string>;
  proposed: string;
  confirmedBy: (name: string) => string;
  dependsOn: (what: string) => string;
  /** what a record of the draft has not decided yet */
  open: (outcome: string) => string;
};

const EN: AdrWords = {
  headings: {
    context: "Context and Problem Statement",
    drivers: "Decision Drivers",
    options: "Considered Options",
    outcome: "Decision Outcome",
    consequences: "Consequences",
    confirmation: "Confirmation",
    pros_cons: "Pros and Cons of the Options",
    more: "More Information",
    provenance: "Provenance",
  },
  chosen: "Chosen option",
  good: "Good",
  bad: "Bad",
  neutral: "Neutral",
  asked: (q, p, a) => `Asked “${q}”, ${p} answered: ${a}`,
  intent: "intent card",
  decision: "decision",
  superseded: "superseded",
  stale: "stale",
  incomplete: "incomplete",
  reasons: {
    outcome_missing: "no outcome",
    trigger_missing: "no trigger",
    rationale_missing: "no rationale for the chosen option",
    no_considered_options: "no considered options",
  },
  proposed: "proposed by an agent, not confirmed by a person",
  confirmedBy: (name) => `confirmed by ${name}`,
  dependsOn: (what) => `Depends on ${what}`,
  open: (outcome) => `Not decided yet: ${outcome}`,
};

const RU: AdrWords = {
  headings: {
    context: "Контекст и постановка задачи",
    drivers: "Факторы решения",
    options: "Рассмотренные варианты",
    outcome: "Принятое решение",
    consequences: "Последствия",
    confirmation: "Подтверждение",
    pros_cons: "Плюсы и минусы вариантов",
    more: "Дополнительная информация",
    provenance: "Происхождение",
  },
  chosen: "Выбранный вариант",
  good: "Плюс",
  bad: "Минус",
  neutral: "Нейтрально",
  asked: (q, p, a) => `На вопрос «${q}» ответ (${p}): ${a}`,
  intent: "карточка намерения",
  decision: "решение",
  superseded: "заменено",
  stale: "устарело",
  incomplete: "неполная запись",
  reasons: {
    outcome_missing: "нет результата",
    trigger_missing: "нет причины",
    rationale_missing: "нет обоснования выбора",
    no_considered_options: "нет рассмотренных вариантов",
  },
  proposed: "предложено агентом, человек ещё не подтвердил",
  confirmedBy: (name) => `подтверждено: ${name}`,
  dependsOn: (what) => `Зависит от: ${what}`,
  open: (outcome) => `Ещё не решено: ${outcome}`,
};

const PT: AdrWords = {
  headings: {
    context: "Contexto e Definição do Problema",
    drivers: "Fatores de Decisão",
    options: "Opções Consideradas",
    outcome: "Resultado da Decisão",
    consequences: "Consequências",
    confirmation: "Confirmação",
    pros_cons: "Prós e Contras das Opções",
    more: "Mais Informações",
    provenance: "Proveniência",
  },
  chosen: "Opção escolhida",
  good: "Bom",
  bad: "Ruim",
  neutral: "Neutro",
  asked: (q, p, a) => `À pergunta “${q}”, ${p} respondeu: ${a}`,
  intent: "cartão de intenção",
  decision: "decisão",
  superseded: "substituída",
  stale: "desatualizada",
  incomplete: "registro incompleto",
  reasons: {
    outcome_missing: "sem resultado",
    trigger_missing: "sem motivo",
    rationale_missing: "sem justificativa da opção escolhida",
    no_considered_options: "sem opções consideradas",
  },
  proposed: "proposto por um agente, ainda não confirmado por uma pessoa",
  confirmedBy: (name) => `confirmado por ${name}`,
  dependsOn: (what) => `Depende de ${what}`,
  open: (outcome) => `Ainda não decidido: ${outcome}`,
};

/** The words of a draft in `language`. */
export function adrWords(language: AdrLanguage): AdrWords {
  return language === "ru" ? RU : language === "pt" ? PT : EN;
}

const PT_WORDS = new Set(
  "não e de da das dos para com que uma um os em na é são ao pela pelo quando sem mais também".split(
    " ",
  ),
);
const EN_WORDS = new Set(
  "the and of to is are in on for with when without a an be it we not that this by from".split(" "),
);

/**
 * The language records are written in: Russian when most letters are Cyrillic, Portuguese when
 * its words and accents (at least two) outnumber English words, English otherwise. A word-count vote, not a
 * model: card text is short, and the three languages' common words barely overlap.
 */
export function detectLanguage(texts: readonly string[]): AdrLanguage {
  const all = texts.join(" ").toLowerCase();
  const cyrillic = (all.match(/\p{Script=Cyrillic}/gu) ?? []).length;
  const latin = (all.match(/\p{Script=Latin}/gu) ?? []).length;
  if (cyrillic > latin) return "ru";
  let pt = (all.match(/[ãõçâêô]/g) ?? []).length;
  let en = 0;
  for (const word of all.split(/[^\p{L}]+/u)) {
    if (PT_WORDS.has(word)) pt++;
    if (EN_WORDS.has(word)) en++;
  }
  // English unless Portuguese is plain: a stray "de" or "e" in English text is a name, not a language.
  return pt >= 2 && pt > en ? "pt" : "en";
}

/**
 * A sentence of card text: spaces collapsed, the first letter upper case, a full stop at the
 * end unless it ends in one (or in `?`, `!`, `…`, a closing quote after one).
 */
export function sentence(value: string): string {
  const flat = value.replace(/\s+/g, " ").trim();
  if (!flat) return "";
  const first = flat.charAt(0).toLocaleUpperCase();
  const body = first + flat.slice(1);
  return /[.!?…]["”»')]*$/.test(body) ? body : `${body.replace(/[,;:]+$/, "")}.`;
}
