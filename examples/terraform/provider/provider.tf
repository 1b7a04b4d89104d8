terraform {
  required_providers {
    sender = {
      source = "registry.opentofu.org/pulumi-sender/sender"
    }
  }
}

# api_token falls back to SENDER_API_TOKEN and base_url to SENDER_BASE_URL: keep the token out of
# the configuration.
provider "sender" {
  # Unique to this workspace among those that manage the same account: the ownership mark of
  # every object it creates is made from it.
  ownership_scope = "example/newsletters/prod"
}
