resource "sender_webhook" "new_subscriber" {
  url         = "https://hooks.example.com/sender/new-subscriber"
  topic       = "groups/new-subscriber"
  relation_id = "grp001"
}
