// Stops the build when any content module breaks its schema (see app/content/validate-content.ts).
import { validateContent } from "../app/content/validate-content";

const problems = await validateContent();
if (problems.length > 0) {
  console.error(`Content is invalid:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
  process.exit(1);
}
console.log("content: every module matches its schema");
