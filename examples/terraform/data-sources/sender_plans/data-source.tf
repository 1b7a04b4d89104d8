data "sender_plans" "all" {}
