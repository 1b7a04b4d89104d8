resource "sender_campaign" "january" {
  title        = "January newsletter"
  subject      = "What is new in January"
  from         = "Example News"
  reply_to     = "news@example.com"
  content_type = "html"
  content      = "<h1>January</h1><p><a href='{{unsubscribe_link}}'>Unsubscribe</a></p>"
}

data "sender_tag" "newsletter" {
  name = "Newsletter"
}

resource "sender_campaign_targeting" "january" {
  campaign_id = sender_campaign.january.id
  tag_ids     = [data.sender_tag.newsletter.id]
}

# Scheduling is the step that sends: the schedule waits for the audience.
resource "sender_campaign_schedule" "january" {
  campaign_id   = sender_campaign.january.id
  schedule_time = "2030-01-15T09:00:00+01:00"
  depends_on    = [sender_campaign_targeting.january]
}
