// A writer process for the concurrency test: appends `count` events through the built library.
//   node append-worker.mjs <repo dir> <count> <label>
import { openRepository, writeEvents } from "../../dist/index.js";

const [dir, count, label] = process.argv.slice(2);
const repo = await openRepository(dir);
for (let i = 0; i < Number(count); i++) {
  await writeEvents(repo.context, [
    {
      type: "intent_card_recorded",
      data: {
        card: { outcome: `${label} ${i} — ação concluída, готово ✅`, trigger: "concurrency" },
        trivial: true,
      },
    },
  ]);
}
