// The baseline: N resources of an empty dynamic provider whose operations return at once, with the
// same inputs as the Campaign stack. Same engine, same N: the difference is the provider's own cost.
import * as pulumi from "@pulumi/pulumi";

let next = 0;
const provider: pulumi.dynamic.ResourceProvider = {
  async create(inputs) {
    next += 1;
    return { id: `e${process.pid}-${next}`, outs: inputs };
  },
  async diff() {
    return { changes: false };
  },
  async delete() {},
};

class Empty extends pulumi.dynamic.Resource {
  constructor(name: string, props: Record<string, unknown>) {
    super(provider, name, props, undefined, "bench", "Empty");
  }
}

const count = new pulumi.Config().requireNumber("count");
for (let i = 0; i < count; i++) {
  new Empty(`c${i}`, {
    title: `Bench ${i}`,
    subject: `Bench subject ${i}`,
    from: "Example News",
    replyTo: "news@example.com",
    contentType: "html",
    content: "<p>bench</p>",
  });
}
