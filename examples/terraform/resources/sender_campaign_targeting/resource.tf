resource "sender_campaign" "spring" {
  title        = "Spring sale"
  subject      = "Spring sale: 20% off"
  from         = "Example News"
  reply_to     = "news@example.com"
  content_type = "html"
  content      = "<h1>Spring sale</h1><p><a href='{{unsubscribe_link}}'>Unsubscribe</a></p>"
}

# The audience by the tags' names, as the dashboard shows them.
data "sender_tag" "customers" {
  name = "Customers"
}

data "sender_tag" "newsletter" {
  name = "Newsletter"
}

data "sender_tag" "churned" {
  name = "Churned"
}

resource "sender_campaign_targeting" "spring" {
  campaign_id      = sender_campaign.spring.id
  tag_ids          = [data.sender_tag.customers.id, data.sender_tag.newsletter.id]
  excluded_tag_ids = [data.sender_tag.churned.id]
}
