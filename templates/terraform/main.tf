# A campaign and its audience on terraform-provider-sender, against the local emulator as written
# (README.md: the install, the emulator, then tofu init and apply). Creating a campaign never sends
# it: only a sender_campaign_schedule would.
terraform {
  required_providers {
    sender = {
      source  = "registry.opentofu.org/pulumi-sender/sender"
      version = "0.1.0"
    }
  }
}

# The token and the base URL come from SENDER_API_TOKEN and SENDER_BASE_URL.
provider "sender" {
  # Unique to this workspace among those that manage the same account.
  ownership_scope = "example/newsletters/dev"
}

resource "sender_campaign" "welcome" {
  title        = "Welcome series"
  subject      = "Welcome to Example News"
  from         = "Example News"
  reply_to     = "news@example.com"
  content_type = "html"
  content      = "<h1>Welcome!</h1><p><a href='{{unsubscribe_link}}'>Unsubscribe</a></p>"
}

# The audience by the tag's name, as the dashboard shows it.
data "sender_tag" "customers" {
  name = "Customers"
}

resource "sender_campaign_targeting" "welcome" {
  campaign_id = sender_campaign.welcome.id
  tag_ids     = [data.sender_tag.customers.id]
}

data "sender_plans" "all" {}

output "welcome_id" {
  value = sender_campaign.welcome.id
}

# The campaign as the service has it now: its status, schedule and recipient count, which its
# targeting and a schedule move, are the sender_campaign data source's, read at every plan.
data "sender_campaign" "welcome" {
  id         = sender_campaign.welcome.id
  depends_on = [sender_campaign_targeting.welcome]
}

output "welcome_status" {
  value = data.sender_campaign.welcome.status
}
