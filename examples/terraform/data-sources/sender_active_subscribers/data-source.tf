data "sender_active_subscribers" "count" {}
