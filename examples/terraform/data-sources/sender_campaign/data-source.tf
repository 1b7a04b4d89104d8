data "sender_campaigns" "sent" {
  status    = "SENT"
  max_items = 1
}

data "sender_campaign" "latest" {
  id = data.sender_campaigns.sent.campaigns[0].id
}
