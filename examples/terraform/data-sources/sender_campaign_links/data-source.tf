data "sender_campaigns" "sent" {
  status    = "SENT"
  max_items = 1
}

data "sender_campaign_links" "latest" {
  id                  = data.sender_campaigns.sent.campaigns[0].id
  max_clicks_per_link = 100
}
