data "sender_subscriber_events" "ada" {
  identifier = "sub001"
  actions    = ["opened", "clicked"]
}
