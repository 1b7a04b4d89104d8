// The autonaming lives in provider/ (the plugin names titles the same way); the SDK re-exports it.
export * from "../provider/autoname";
