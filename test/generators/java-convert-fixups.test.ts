import { describe, expect, test } from "vitest";
import { fixJavaProgram } from "../../generators/java-convert-fixups";

// The edits of pulumi-java's converted programs: each made where its bug is, and refused where the
// caller's expectation and the program disagree (docs/limitations.md).
describe("fixJavaProgram", () => {
  const converted = [
    "import com.pulumi.sender.SenderFunctions;",
    "import com.pulumi.sender.inputs.GetPlansArgs;",
    'final var apiToken = config.get("apiToken");',
    'ctx.export("firstPlan", plans[0].name());',
    ".id(sentCampaigns[0].id())",
    "",
  ].join("\n");

  test("makes each expected edit at every occurrence", () => {
    expect(fixJavaProgram(converted, ["functionsImport", "configOptional", "outputIndex"])).toBe(
      [
        "import io.github.pulumi_sender.sender.SenderFunctions;",
        "import io.github.pulumi_sender.sender.inputs.GetPlansArgs;",
        'final var apiToken = config.require("apiToken");',
        'ctx.export("firstPlan", plans.applyValue(list -> list.get(0).name()));',
        ".id(sentCampaigns.applyValue(list -> list.get(0).id()))",
        "",
      ].join("\n"),
    );
  });

  test("a list of a function's results becomes one Output of the list", () => {
    const program = [
      ".tagIds(            ",
      "    customers.applyValue(_customers -> _customers.id()),",
      "    newsletter.applyValue(_newsletter -> _newsletter.id()))",
      ".excludedTagIds(churned.applyValue(_churned -> _churned.id()))",
      ".campaignId(welcome.id())",
      "",
    ].join("\n");
    expect(fixJavaProgram(program, ["outputList"])).toBe(
      [
        ".tagIds(Output.all(customers.applyValue(_customers -> _customers.id()),",
        "    newsletter.applyValue(_newsletter -> _newsletter.id())))",
        ".excludedTagIds(Output.all(churned.applyValue(_churned -> _churned.id())))",
        ".campaignId(welcome.id())",
        "",
      ].join("\n"),
    );
  });

  test("a program with none of the bugs, expecting none, is unchanged", () => {
    const clean = "import io.github.pulumi_sender.sender.Webhook;\nvar x = list.get(0);\n";
    expect(fixJavaProgram(clean, [])).toBe(clean);
  });

  test("an expected bug the program does not have is an error: the converter was fixed", () => {
    expect(() =>
      fixJavaProgram("import com.pulumi.sender.Campaign;\n", ["functionsImport", "outputIndex"]),
    ).toThrow(
      "pulumi convert --language java no longer has the bug outputIndex (an index into a list held by an Output is written as Java array indexing)",
    );
  });

  test("a known bug the caller did not expect is an error", () => {
    expect(() => fixJavaProgram('config.get("apiToken");\n', [])).toThrow(
      "pulumi convert --language java wrote the bug configOptional here (a config key with no default is read as an Optional, which no builder takes)",
    );
  });
});
