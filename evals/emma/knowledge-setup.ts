import type { TestProject } from "vitest/node";
import { knowledgeArtifact } from "~/content/knowledge";
import { exampleQuestions } from "./manifest";

declare module "vitest" {
  export interface ProvidedContext {
    /** The knowledge as the build makes it now (test files read it with `inject`). */
    knowledgeArtifact: ReturnType<typeof knowledgeArtifact>;
  }
}

// Built once for the whole run: seven test files read the default artifact, and each build takes
// seconds of processor (its rounds ask an index about every example).
export default function setup(project: TestProject) {
  project.provide("knowledgeArtifact", knowledgeArtifact({ examples: exampleQuestions }));
}
