// A team's component library: it depends on pulumi-sender, and the program depends only on it.
"use strict";
const sender = require("pulumi-sender");

/** A draft newsletter campaign with the team's sender fields. */
exports.newsletter = (name, subject) =>
  new sender.Campaign(name, {
    title: name,
    subject,
    from: "Example News",
    replyTo: "news@example.com",
    contentType: "html",
    content: "<p>Hello</p>",
  });
