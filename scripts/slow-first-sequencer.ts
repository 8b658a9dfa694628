import { BaseSequencer } from 'vitest/node';
import type { TestSpecification } from 'vitest/node';

/**
 * A Vitest sequencer that starts the named test files first, in the order given, then the rest in Vitest's own order
 * (longest last time first, or largest first on a fresh clone). With two or three files running at a time, a slow file
 * that starts late runs alone at the end; the lists name each suite's slowest files, measured in bench/RESULTS.md.
 * Files keep their project: the order changes only among the files of one project.
 *
 * @param slowFiles paths relative to the config's folder, slowest first
 */
export function slowFirst(slowFiles: string[]): typeof BaseSequencer {
  return class SlowFirstSequencer extends BaseSequencer {
    override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
      const sorted = await super.sort(files);
      const projectOrder = [...new Set(sorted.map((spec) => spec.project.name))];
      const rank = (spec: TestSpecification) => {
        const index = slowFiles.findIndex((file) => spec.moduleId.endsWith(`/${file}`));
        return index === -1 ? slowFiles.length : index;
      };
      return sorted
        .map((spec, index) => ({ spec, index, project: projectOrder.indexOf(spec.project.name), rank: rank(spec) }))
        .sort((a, b) => a.project - b.project || a.rank - b.rank || a.index - b.index)
        .map(({ spec }) => spec);
    }
  };
}
