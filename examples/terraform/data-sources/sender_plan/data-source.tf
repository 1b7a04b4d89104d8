data "sender_plan" "standard" {
  plan_id = 2
}
