data "sender_transactional_campaign" "receipt" {
  id = "trn001"
}
