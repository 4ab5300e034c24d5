package org.digitalheaven.ops.regress;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.digitalheaven.ops.Host;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.dataformat.yaml.YAMLMapper;

/**
 * The CI examples in {@code ops/ci/} (shown in {@code docs/DEMOS.md}) are what they claim: each parses as YAML,
 * runs {@code dh-host regress} with a command line the real one accepts, shards the suite the way its
 * CI counts (the GitHub matrix names every shard of its count, GitLab's {@code parallel} feeds
 * {@code --shard auto}, the Kubernetes Job is Indexed with as many completions as {@code --shard-count}),
 * and {@code docs/DEMOS.md} shows each file as it is.
 */
class CiExamplesTest {

    static final Path CI = Path.of("ci");
    final YAMLMapper yaml = new YAMLMapper();

    /** Parses {@code args} (after {@code ops/dh-host}) with the real command line, as the launcher would run it. */
    static void accepted(List<String> args) {
        Host.commandLine().parseArgs(args.toArray(new String[0])); // throws on an unknown option or a bad value
        assertEquals("regress", args.get(0), args.toString());
    }

    static List<String> words(String commandLine) {
        List<String> w = new ArrayList<>(Arrays.asList(commandLine.trim().split("\\s+")));
        assertEquals("ops/dh-host", w.remove(0), commandLine);
        return w;
    }

    @Test
    void githubActionsRunsEveryShardOfItsMatrix() throws Exception {
        JsonNode job = yaml.readTree(CI.resolve("regress-github-actions.yml").toFile()).get("jobs").get("regress");
        List<Integer> shards = new ArrayList<>();
        job.get("strategy").get("matrix").get("shard").forEach(n -> shards.add(n.asInt()));
        String run = null;
        for (JsonNode step : job.get("steps")) {
            if (step.has("run") && step.get("run").asString().contains("dh-host regress")) {
                run = step.get("run").asString();
            }
        }
        assertTrue(run != null, "a step runs dh-host regress");
        for (int shard : shards) {
            List<String> args = words(run.replace("${{ matrix.shard }}", Integer.toString(shard)));
            accepted(args);
            assertEquals(shard + "/" + shards.size(), args.get(args.indexOf("--shard") + 1), "shard I of the matrix's count");
        }
        assertEquals(List.of(1, 2, 3, 4), shards);
    }

    @Test
    void gitlabParallelFeedsShardAuto() throws Exception {
        JsonNode job = yaml.readTree(CI.resolve("regress-gitlab.yml").toFile()).get("regress");
        assertTrue(job.get("parallel").asInt() > 1);
        List<String> args = words(job.get("script").get(0).asString());
        accepted(args);
        assertEquals("auto", args.get(args.indexOf("--shard") + 1));
        assertEquals("junit.xml", job.get("artifacts").get("reports").get("junit").asString());
        // What GitLab sets in each of the parallel jobs, read as the shards of that count.
        int n = job.get("parallel").asInt();
        for (int i = 1; i <= n; i++) {
            RegressShards.Shard s = RegressShards.parse("auto", Map.of("CI_NODE_INDEX", "" + i, "CI_NODE_TOTAL", "" + n), null);
            assertEquals(List.of(i, n), List.of(s.index(), s.count()));
        }
    }

    @Test
    void theKubernetesJobIsIndexedWithAsManyCompletionsAsShards() throws Exception {
        JsonNode job = yaml.readTree(CI.resolve("regress-indexed-job.yaml").toFile());
        assertEquals("batch/v1", job.get("apiVersion").asString());
        assertEquals("Job", job.get("kind").asString());
        JsonNode spec = job.get("spec");
        assertEquals("Indexed", spec.get("completionMode").asString());
        int completions = spec.get("completions").asInt();
        JsonNode container = spec.get("template").get("spec").get("containers").get(0);
        List<String> command = new ArrayList<>();
        container.get("command").forEach(n -> command.add(n.asString()));
        assertEquals("ops/dh-host", command.remove(0));
        for (int index = 0; index < completions; index++) {
            List<String> args = new ArrayList<>();
            for (String a : command) {
                args.add(a.replace("$(JOB_COMPLETION_INDEX)", Integer.toString(index)));
            }
            accepted(args);
            assertEquals("auto", args.get(args.indexOf("--shard") + 1));
            int count = Integer.parseInt(args.get(args.indexOf("--shard-count") + 1));
            assertEquals(completions, count, "--shard-count is the job's completions");
            RegressShards.Shard s = RegressShards.parse("auto", Map.of("JOB_COMPLETION_INDEX", "" + index), count);
            assertEquals(index + 1, s.index());
        }
        assertEquals(completions, spec.get("parallelism").asInt());
        assertEquals("Never", spec.get("template").get("spec").get("restartPolicy").asString());
    }

    @Test
    void theDemosDocShowsEachFileAsItIs() throws Exception {
        String demos = Files.readString(Path.of("../docs/DEMOS.md"));
        for (String f : List.of("regress-github-actions.yml", "regress-gitlab.yml", "regress-indexed-job.yaml")) {
            StringBuilder indented = new StringBuilder();
            for (String line : Files.readString(CI.resolve(f)).split("\n", -1)) {
                indented.append(line.isBlank() ? "" : "    " + line).append('\n');
            }
            String block = indented.toString().stripTrailing();
            assertTrue(demos.contains(block), "docs/DEMOS.md shows ops/ci/" + f + " as it is");
        }
    }
}
